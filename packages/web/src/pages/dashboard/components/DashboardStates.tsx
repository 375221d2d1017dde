import { Alert, Button, Result } from 'antd';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { PATHS } from '../../../routes/paths';
import { DASHBOARD_MESSAGES, loadFailedMessage } from '../dashboard-messages';

/** No current device: the dashboard cannot show anything until one is chosen on the Devices page. */
export function NoDeviceSelected() {
  return (
    <div className="page">
      <Result
        status="info"
        title={DASHBOARD_MESSAGES.noDevice}
        extra={
          <Link to={PATHS.devices}>
            <Button type="primary" data-testid="choose-device">
              Go to Devices
            </Button>
          </Link>
        }
        data-testid="dashboard-no-device"
      />
    </div>
  );
}

/** The dashboard's loader (the first 3 seconds, and while the device loads). */
export function DashboardLoader() {
  return (
    <div data-testid="dashboard-loader">
      <PageSpinner />
    </div>
  );
}

/** M section 8: a failed load; a super user is also asked to check the client and site selection. */
export function DashboardLoadFailed({ isSuperuser }: { isSuperuser: boolean }) {
  return (
    <div className="page">
      <Alert type="error" showIcon title={loadFailedMessage(isSuperuser)} data-testid="dashboard-error" />
    </div>
  );
}
