import { Button, Result } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { usePageTitle } from '../../hooks/usePageTitle';
import { VISUAL_DASHBOARD_MESSAGES } from '../../messages';
import { PATHS, visualDashboardSchemasPath } from '../../routes/paths';

/** /visual-dashboard: the sidebar's entry; opens the current site's schemas or asks for a site first. */
export function VisualDashboardPage() {
  usePageTitle('Visual Dashboard');
  // Users without visual_dashboard_enabled never get here: VisualDashboardOnly sends them to '/'.
  const { current_location: site } = useCurrentUser();
  const navigate = useNavigate();

  if (site !== null) {
    return <Navigate to={visualDashboardSchemasPath(site.id)} replace />;
  }
  return (
    <Result
      status="info"
      title="Visual Dashboard"
      subTitle={VISUAL_DASHBOARD_MESSAGES.selectLocation}
      extra={
        <Button type="primary" onClick={() => navigate(PATHS.sites)}>
          Choose a site
        </Button>
      }
    />
  );
}
