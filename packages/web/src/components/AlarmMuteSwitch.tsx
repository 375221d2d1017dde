import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { HeaderSwitch, type HeaderSwitchFace } from './HeaderSwitch';

const SOUND_ON: HeaderSwitchFace = {
  icon: <SoundOutlined />,
  label: 'Alarm sound on',
  tooltip: 'Mute the alarm sound',
};
const SOUND_OFF: HeaderSwitchFace = {
  icon: <MutedOutlined />,
  label: 'Alarm sound off',
  tooltip: 'Turn the alarm sound on',
};

/** The switch beside the bell that silences the alarm sound (remembered by the caller). */
export function AlarmMuteSwitch({
  isMuted,
  onChange,
}: {
  isMuted: boolean;
  onChange: (isMuted: boolean) => void;
}) {
  return (
    <HeaderSwitch
      isChecked={!isMuted}
      onChange={(isOn) => onChange(!isOn)}
      checked={SOUND_ON}
      unchecked={SOUND_OFF}
      testId="alarm-mute"
    />
  );
}
