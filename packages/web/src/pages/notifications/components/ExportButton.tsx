import { ExportOutlined } from '@ant-design/icons';
import { NOTIFICATIONS_MESSAGES } from '@vigil/contracts';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { EXPORT_FILE_NAME, fetchNotificationsCsv, saveBlob } from '../../../api/notifications';
import { canExport, exportQueryOf, type NotificationFilters } from '../notification-filters';

const EXPORT_FAILED = 'The export failed. Please try again.';

/** The export icon: notifications.csv of the filters; without a date bound it is disabled (M section 5). */
export function ExportButton({ filters, timeZone }: { filters: NotificationFilters; timeZone: string }) {
  const { message } = App.useApp();
  const [isExporting, setIsExporting] = useState(false);
  const isAllowed = canExport(filters);

  const runExport = async () => {
    setIsExporting(true);
    try {
      saveBlob(await fetchNotificationsCsv(exportQueryOf(filters, timeZone)), EXPORT_FILE_NAME);
    } catch (error) {
      void message.error(errorMessageOf(error, EXPORT_FAILED));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Tooltip title={isAllowed ? 'Export CSV' : NOTIFICATIONS_MESSAGES.exportWithoutDate}>
      <Button
        icon={<ExportOutlined />}
        aria-label="Export CSV"
        disabled={!isAllowed}
        loading={isExporting}
        onClick={() => void runExport()}
        data-testid="notifications-export"
      />
    </Tooltip>
  );
}
