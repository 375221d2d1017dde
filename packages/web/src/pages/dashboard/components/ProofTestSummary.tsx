import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { proofTestReportPath } from '../../../routes/paths';

/** The toolbar's proof-test line (beyond the spec), linking to the site's printable test report. */
export function ProofTestSummary({ siteId, summary }: { siteId: number; summary: string | null }) {
  if (summary === null) {
    return null;
  }
  return (
    <Tooltip title="Every alarm sensor must pass a maintenance test within the site's interval. Open the report.">
      <Link to={proofTestReportPath(siteId)} data-testid="proof-test-summary">
        <Tag color="gold" icon={<SafetyCertificateOutlined />}>
          {summary}
        </Tag>
      </Link>
    </Tooltip>
  );
}
