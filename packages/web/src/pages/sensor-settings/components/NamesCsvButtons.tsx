import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Device, sensorNamesCsvFileName } from '@vigil/contracts';
import { Alert, App, Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';
import { exportSensorNames, importSensorNames, sensorSettingsKeys } from '../../../api/sensor-settings';
import { SENSOR_SETTINGS_TEXTS } from '../sensor-settings-messages';

const BOM = '\uFEFF';

/** Hands the CSV text to the browser as a download with the spec's file name. */
function downloadCsv(text: string, fileName: string): void {
  // Reading the answer as text drops the server's BOM; spreadsheets need it to read the names as UTF-8.
  const content = text.startsWith(BOM) ? text : `${BOM}${text}`;
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * CSV export (sensor_names_{type}_{id}.csv) and import of the sensor names (M section 7). A refused file shows
 * the server's message, which names the row; an accepted one reloads the names, which re-mounts the form.
 */
export function NamesCsvButtons({ device, canImport }: { device: Device; canImport: boolean }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const exportCsv = useMutation({
    mutationFn: () => exportSensorNames(device.id),
    onSuccess: (text) => downloadCsv(text, sensorNamesCsvFileName(device.device_type, device.id)),
    onError: (cause) => message.error(errorMessageOf(cause, SENSOR_SETTINGS_TEXTS.exportFailed)),
  });
  const importCsv = useMutation({
    mutationFn: (file: File) => importSensorNames(device.id, file),
    onSuccess: (names) => {
      setError(null);
      // The answer is the names now held: the form re-mounts with them.
      queryClient.setQueryData(sensorSettingsKeys.names(device.id), names);
      message.success(SENSOR_SETTINGS_TEXTS.imported);
    },
    onError: (cause) => setError(errorMessageOf(cause, SENSOR_SETTINGS_TEXTS.importFailed)),
  });

  return (
    <Flex vertical gap={8} align="flex-end">
      <Flex gap={8} wrap>
        <Button
          icon={<DownloadOutlined />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
          data-testid="sensor-names-export"
        >
          EXPORT CSV
        </Button>
        {canImport ? (
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={(file) => {
              setError(null);
              importCsv.mutate(file);
              // The upload is ours (the API client's token and errors), not antd's.
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={importCsv.isPending} data-testid="sensor-names-import">
              IMPORT CSV
            </Button>
          </Upload>
        ) : null}
      </Flex>
      {error === null ? null : (
        <Alert
          type="error"
          showIcon
          title={error}
          closable={{ onClose: () => setError(null) }}
          data-testid="sensor-names-import-error"
        />
      )}
    </Flex>
  );
}
