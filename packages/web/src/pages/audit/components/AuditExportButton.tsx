import { ExportOutlined } from '@ant-design/icons';
import { AUDIT_MESSAGES } from '@vigil/contracts';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { AUDIT_EXPORT_FILE_NAME, fetchAuditCsv } from '../../../api/audit';
import { saveBlob } from '../../../api/notifications';
import { type AuditFilters, auditFilterQuery, canExportAudit } from '../audit-filters';

const EXPORT_FAILED = 'The export failed. Please try again.';

/** audit.csv of the filters; without a date bound it is disabled, as the notifications export. */
export function AuditExportButton({ filters, timeZone }: { filters: AuditFilters; timeZone: string }) {
  const { message } = App.useApp();
  const [isExporting, setIsExporting] = useState(false);
  const isAllowed = canExportAudit(filters);
  const runExport = async () => {
    setIsExporting(true);
    try {
      saveBlob(await fetchAuditCsv(auditFilterQuery(filters, timeZone)), AUDIT_EXPORT_FILE_NAME);
    } catch (error) {
      void message.error(errorMessageOf(error, EXPORT_FAILED));
    } finally {
      setIsExporting(false);
    }
  };
  return (
    <Tooltip title={isAllowed ? 'Export CSV' : AUDIT_MESSAGES.exportWithoutDate}>
      <Button
        icon={<ExportOutlined />}
        disabled={!isAllowed}
        loading={isExporting}
        onClick={() => void runExport()}
        data-testid="audit-export"
      >
        Export CSV
      </Button>
    </Tooltip>
  );
}
