import { useState } from 'react';
import { useLayoutSettings } from '../hooks/useLayoutSettings';
import { VigilLogo } from './VigilLogo';

type LogoProps = { tone?: 'light' | 'dark'; isMarkOnly?: boolean };

/** The OEM's custom logo from layout settings when configured and loadable, otherwise the Vigil mark. */
export function Logo({ tone = 'light', isMarkOnly = false }: LogoProps) {
  const { data } = useLayoutSettings();
  const [hasFailed, setHasFailed] = useState(false);
  const customLogo = data?.logo ?? null;

  if (customLogo === null || hasFailed) {
    return <VigilLogo tone={tone} isMarkOnly={isMarkOnly} />;
  }
  return (
    <img
      src={customLogo}
      alt="Vigil"
      className="custom-logo"
      height={32}
      onError={() => setHasFailed(true)}
    />
  );
}
