import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** How a header switch looks in one position: its icon, what it is called, and what a click will do. */
export type HeaderSwitchFace = { icon: ReactNode; label: string; tooltip: string };

/** An icon button beside the bell that toggles one remembered choice (the caller remembers it). */
export function HeaderSwitch({
  isChecked,
  onChange,
  checked,
  unchecked,
  testId,
}: {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  checked: HeaderSwitchFace;
  unchecked: HeaderSwitchFace;
  testId: string;
}) {
  const face = isChecked ? checked : unchecked;
  return (
    <Tooltip title={face.tooltip}>
      <Button
        type="text"
        shape="circle"
        className="header-icon-button"
        icon={face.icon}
        role="switch"
        aria-checked={isChecked}
        aria-label={face.label}
        data-testid={testId}
        onClick={() => onChange(!isChecked)}
      />
    </Tooltip>
  );
}
