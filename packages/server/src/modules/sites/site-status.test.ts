import { describe, expect, it } from 'vitest';
import { siteStatus } from './site-status';

describe('siteStatus', () => {
  it('is ok for an active site without devices', () => {
    expect(siteStatus(false)).toBe('ok');
  });

  it('is suspended whatever its devices say', () => {
    expect(siteStatus(true, ['alarm', 'warning'])).toBe('suspended');
  });

  it('prefers alarm over warning over ok', () => {
    expect(siteStatus(false, ['ok', 'warning', 'alarm'])).toBe('alarm');
    expect(siteStatus(false, ['ok', 'warning'])).toBe('warning');
    expect(siteStatus(false, ['ok', 'ok'])).toBe('ok');
  });
});
