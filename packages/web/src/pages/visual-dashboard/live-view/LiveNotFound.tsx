import { Result } from 'antd';
import { Link } from 'react-router';
import { visualDashboardSchemasPath } from '../../../routes/paths';

/** A 404 of the live views: what is missing, and the way back to the site's schemas list. */
export function LiveNotFound({ what, siteId }: { what: 'schema or tab' | 'machine'; siteId: number }) {
  return (
    <Result
      status="404"
      title={`This ${what} does not exist`}
      subTitle="It may have been deleted, or the link is wrong."
      extra={
        siteId > 0 ? <Link to={visualDashboardSchemasPath(siteId)}>Back to the schemas list</Link> : null
      }
      data-testid="live-not-found"
    />
  );
}
