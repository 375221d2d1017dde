import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, OEM_MESSAGES } from '@vigil/contracts';
import { App, Button, Card, Flex, Typography, Upload } from 'antd';
import { errorMessageOf } from '../../../api/api-error';
import { resetOemLogo, updateOemSettings } from '../../../api/oem';
import { VigilLogo } from '../../../components/VigilLogo';
import type { ShowNotice } from '../../../hooks/useNotice';
import { readFileAsDataUrl } from './read-file';

type LogoCardProps = {
  logo: string | null;
  onChanged: () => Promise<void>;
  onNotice: ShowNotice;
};

const ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,.svg,image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

/** The header logo: preview on the header's colour, upload (checked by the server), and 'use default'. */
export function LogoCard({ logo, onChanged, onNotice }: LogoCardProps) {
  const { modal } = App.useApp();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > LOGO_MAX_BYTES) {
        throw new Error(LOGO_MESSAGES.tooLarge);
      }
      return updateOemSettings({ logo: await readFileAsDataUrl(file) });
    },
    onSuccess: async () => {
      await onChanged();
      onNotice(OEM_MESSAGES.logoSaved);
    },
    onError: (error) => onNotice(errorMessageOf(error, error.message), 'error'),
  });
  const reset = useMutation({
    mutationFn: resetOemLogo,
    onSuccess: async () => {
      await onChanged();
      onNotice(OEM_MESSAGES.logoReset);
    },
    onError: (error) => onNotice(errorMessageOf(error, OEM_MESSAGES.loadError), 'error'),
  });

  const handleUseDefault = () => {
    modal.confirm({
      title: 'Default logo',
      content: OEM_MESSAGES.confirmLogoReset,
      okText: 'USE DEFAULT',
      onOk: () => reset.mutateAsync(),
    });
  };

  return (
    <Card title="Logo" data-testid="logo-card">
      <div className="oem-logo-preview" data-testid="logo-preview">
        {logo === null ? <VigilLogo height={40} /> : <img src={logo} alt="Custom logo preview" />}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {logo === null ? 'The default logo is shown. ' : 'Your logo is shown in every header. '}
        PNG, JPEG, WEBP, GIF or SVG, at most 512 KB.
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            upload.mutate(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button
            type="primary"
            icon={<UploadOutlined />}
            loading={upload.isPending}
            data-testid="logo-upload"
          >
            UPLOAD LOGO
          </Button>
        </Upload>
        <Button
          onClick={handleUseDefault}
          disabled={logo === null}
          loading={reset.isPending}
          data-testid="logo-default"
        >
          USE DEFAULT
        </Button>
      </Flex>
    </Card>
  );
}
