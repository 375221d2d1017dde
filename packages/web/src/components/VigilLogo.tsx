import { COLORS } from '../theme';

type VigilLogoProps = {
  /** 'light' draws the word in white for dark backgrounds. */
  tone?: 'light' | 'dark';
  /** Only the shield, for the collapsed sidebar and small screens. */
  isMarkOnly?: boolean;
  height?: number;
};

/** The default Vigil mark: a shield holding a flame, with the word Vigil. */
export function VigilLogo({ tone = 'light', isMarkOnly = false, height = 32 }: VigilLogoProps) {
  const width = isMarkOnly ? height : (height * 112) / 32;
  return (
    <svg
      role="img"
      aria-label="Vigil"
      width={width}
      height={height}
      viewBox={isMarkOnly ? '0 0 32 32' : '0 0 112 32'}
      xmlns="http://www.w3.org/2000/svg"
    >
      <path
        d="M16 1.5 3.5 6.2v8.4c0 7.6 5.3 13.7 12.5 15.9 7.2-2.2 12.5-8.3 12.5-15.9V6.2L16 1.5Z"
        fill={tone === 'light' ? COLORS.slateMid : COLORS.slate}
        stroke={COLORS.amberLight}
        strokeWidth="1.5"
      />
      <path
        d="M16.7 7.5c.5 3.2-3 4.6-3 8.2 0 1.4.8 2.5 1.8 3-.2-2 1.1-3.2 2.1-4.1 1.1 1.6 2.5 2.9 2.5 5 0 2.6-2 4.4-3.9 4.4-3.4 0-5.9-2.5-5.9-6 0-5.2 4.8-6.8 6.4-10.5Z"
        fill={COLORS.amberLight}
      />
      {isMarkOnly ? null : (
        <text
          x="38"
          y="23"
          fill={tone === 'light' ? '#ffffff' : COLORS.slate}
          fontFamily="'Segoe UI', Roboto, Arial, sans-serif"
          fontSize="20"
          fontWeight="700"
          letterSpacing="1.5"
        >
          VIGIL
        </text>
      )}
    </svg>
  );
}
