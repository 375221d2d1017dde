import { Breadcrumb, Typography } from 'antd';
import { Link } from 'react-router';
import { PATHS } from '../../../routes/paths';

type AnalyticsHeaderProps = { siteTitle: string | null; deviceTitle: string | null };

/** Breadcrumb (links to /sites and /devices) and the device title (M section 2 'Analytics'). */
export function AnalyticsHeader({ siteTitle, deviceTitle }: AnalyticsHeaderProps) {
  return (
    <div>
      <Breadcrumb
        items={[
          { title: <Link to={PATHS.sites}>{siteTitle ?? 'Sites'}</Link> },
          { title: <Link to={PATHS.devices}>{deviceTitle ?? 'Devices'}</Link> },
          { title: 'Analytics' },
        ]}
        data-testid="analytics-breadcrumb"
      />
      <Typography.Title level={3} style={{ margin: '8px 0' }} data-testid="analytics-title">
        {deviceTitle === null ? 'Analytics' : `${deviceTitle} - Analytics`}
      </Typography.Title>
    </div>
  );
}
