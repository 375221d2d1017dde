import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

/** The switch beside the bell that silences the alarm sound (remembered by the caller). */
export function AlarmMuteSwitch({
  isMuted,
  onChange,
}: {
  isMuted: boolean;
  onChange: (isMuted: boolean) => void;
}) {
  const label = isMuted ? 'Alarm sound off' : 'Alarm sound on';
  return (
    <Tooltip title={isMuted ? 'Turn the alarm sound on' : 'Mute the alarm sound'}>
      <Button
        type="text"
        shape="circle"
        className="header-icon-button"
        icon={isMuted ? <MutedOutlined /> : <SoundOutlined />}
        role="switch"
        aria-checked={!isMuted}
        aria-label={label}
        data-testid="alarm-mute"
        onClick={() => onChange(!isMuted)}
      />
    </Tooltip>
  );
}
