import { useState } from 'react';
import { useLayoutSettings } from '../hooks/useLayoutSettings';
import { VigilLogo } from './VigilLogo';

type LogoProps = { tone?: 'light' | 'dark'; isMarkOnly?: boolean };

/** The OEM's custom logo from layout settings when configured and loadable, otherwise the Vigil mark. */
export function Logo({ tone = 'light', isMarkOnly = false }: LogoProps) {
  const { data } = useLayoutSettings();
  // Remembered per logo, so a newly uploaded logo gets its own chance to load.
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const customLogo = data?.logo ?? null;

  if (customLogo === null || customLogo === failedLogo) {
    return <VigilLogo tone={tone} isMarkOnly={isMarkOnly} />;
  }
  return (
    <img
      src={customLogo}
      alt="Logo"
      className="custom-logo"
      height={32}
      data-testid="custom-logo"
      onError={() => setFailedLogo(customLogo)}
    />
  );
}
