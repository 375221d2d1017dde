import type { ThemeConfig } from 'antd';

/** A restrained industrial palette: slate structure, one amber accent for actions and alarms of attention. */
export const COLORS = {
  amber: '#c2600e',
  amberLight: '#f0a03c',
  slate: '#16202b',
  slateMid: '#22303e',
  steel: '#4a6275',
  mist: '#f3f5f7',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: COLORS.amber,
    colorLink: COLORS.amber,
    colorInfo: COLORS.steel,
    borderRadius: 6,
    fontFamily:
      "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji'",
  },
  components: {
    Layout: {
      headerBg: COLORS.slate,
      siderBg: COLORS.slateMid,
      triggerBg: COLORS.slate,
      headerPadding: '0 24px',
      bodyBg: COLORS.mist,
    },
    Menu: {
      darkItemBg: COLORS.slateMid,
      darkSubMenuItemBg: COLORS.slateMid,
      darkItemSelectedBg: COLORS.amber,
    },
  },
};
