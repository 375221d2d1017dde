import { EnvironmentOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

/** The switch beside the bell that keeps toasts and the alarm sound to the site in view (remembered by the caller). */
export function OtherSitesToastsSwitch({
  isSilenced,
  onChange,
}: {
  isSilenced: boolean;
  onChange: (isSilenced: boolean) => void;
}) {
  return (
    <Tooltip
      title={
        isSilenced
          ? 'Only the site in view raises toasts and sound. Click to hear about every site.'
          : 'Every site raises toasts and sound. Click to hear only about the site in view.'
      }
    >
      <Button
        type="text"
        shape="circle"
        className="header-icon-button"
        icon={isSilenced ? <EnvironmentOutlined /> : <GlobalOutlined />}
        role="switch"
        aria-checked={!isSilenced}
        aria-label={isSilenced ? 'Toasts from other sites off' : 'Toasts from other sites on'}
        data-testid="other-sites-toasts"
        onClick={() => onChange(!isSilenced)}
      />
    </Tooltip>
  );
}
