import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

const DARK_BAR_THEME = {
  components: {
    Button: {
      textTextColor: 'rgba(255, 255, 255, 0.85)',
      textTextHoverColor: '#ffffff',
      textTextActiveColor: '#ffffff',
      textHoverBg: 'rgba(255, 255, 255, 0.08)',
    },
  },
};

/** Light text buttons for the dark header bars. */
export function DarkBarTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={DARK_BAR_THEME}>{children}</ConfigProvider>;
}
