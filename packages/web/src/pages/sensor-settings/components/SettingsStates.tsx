import { App, Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { PATHS } from '../../../routes/paths';
import { SENSOR_SETTINGS_TEXTS } from '../sensor-settings-messages';

/**
 * M section 2: a failed sensor-configuration load goes to /dashboard; the reason (the server's message when
 * it sent one) shows there as a toast, so the person knows why the screen closed.
 */
export function BackToDashboard({ error }: { error?: unknown }) {
  const { message } = App.useApp();
  useEffect(() => {
    if (error !== undefined) {
      message.error(errorMessageOf(error, SENSOR_SETTINGS_TEXTS.loadFailed));
    }
  }, [error, message]);
  return <Navigate to={PATHS.dashboard} replace />;
}

export function SettingsLoading() {
  return (
    <Flex justify="center" style={{ padding: 48 }} data-testid="sensor-settings-loading">
      <Spin />
    </Flex>
  );
}
