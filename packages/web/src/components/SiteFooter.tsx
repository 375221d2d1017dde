import { Layout } from 'antd';
import { Link } from 'react-router';
import { PATHS } from '../routes/paths';

/** Footer of the visitor pages: the current year's copyright and a Send Feedback link (A section 2). */
export function SiteFooter() {
  return (
    <Layout.Footer className="site-footer">
      <span>© {new Date().getFullYear()} Vigil</span>
      <span className="site-footer-separator" aria-hidden="true">
        ·
      </span>
      <Link to={PATHS.feedback} data-testid="footer-feedback">
        Send Feedback
      </Link>
    </Layout.Footer>
  );
}
