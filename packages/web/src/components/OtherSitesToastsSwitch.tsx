import { EnvironmentOutlined, GlobalOutlined } from '@ant-design/icons';
import { HeaderSwitch, type HeaderSwitchFace } from './HeaderSwitch';

const EVERY_SITE: HeaderSwitchFace = {
  icon: <GlobalOutlined />,
  label: 'Toasts from other sites on',
  tooltip: 'Every site raises toasts and sound. Click to hear only about the site in view.',
};
const SITE_IN_VIEW: HeaderSwitchFace = {
  icon: <EnvironmentOutlined />,
  label: 'Toasts from other sites off',
  tooltip: 'Only the site in view raises toasts and sound. Click to hear about every site.',
};

/** The switch beside the bell that keeps toasts and the alarm sound to the site in view (remembered by the caller). */
export function OtherSitesToastsSwitch({
  isSilenced,
  onChange,
}: {
  isSilenced: boolean;
  onChange: (isSilenced: boolean) => void;
}) {
  return (
    <HeaderSwitch
      isChecked={!isSilenced}
      onChange={(isOn) => onChange(!isOn)}
      checked={EVERY_SITE}
      unchecked={SITE_IN_VIEW}
      testId="other-sites-toasts"
    />
  );
}
