import { NOTIFICATION_COLORS } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { contrastRatio, TAG_TEXT_COLOR, tintOf, typeTagStyle } from './type-tag-style';

describe('type tags', () => {
  it("are readable for every type, 'Alarm Cleared' included (WCAG AA, 4.5:1)", () => {
    for (const color of Object.values(NOTIFICATION_COLORS)) {
      const style = typeTagStyle(color);
      expect(contrastRatio(String(style.color), String(style.background))).toBeGreaterThanOrEqual(4.5);
    }
    // antd's own custom-colour tag, white text on the colour itself, was not.
    expect(contrastRatio('#ffffff', NOTIFICATION_COLORS.alarm_off)).toBeLessThan(2);
  });
  it("keep the type's colour as the border, over a light tint of it", () => {
    expect(typeTagStyle('#F14D49')).toMatchObject({ borderColor: '#F14D49', color: TAG_TEXT_COLOR });
    expect(tintOf('#000000')).toBe('#c7c7c7');
    expect(tintOf('#ffffff')).toBe('#ffffff');
  });
});
