import { describe, expect, it } from 'vitest';
import { homePathFor, isSamePath, twoFactorGatePath } from './navigation';

const user = {
  registered: false,
  is_2fa_verified: false,
  is_superuser: false,
  is_oem: false,
  current_client: null,
};

describe('twoFactorGatePath', () => {
  it('lets a user without two-factor through', () => {
    expect(twoFactorGatePath(user, false)).toBeNull();
  });

  it('forces setup when the client requires two-factor and it is not registered', () => {
    expect(twoFactorGatePath(user, true)).toBe('/setup2FA/');
  });

  it('forces verification when registered but not verified in this session', () => {
    expect(twoFactorGatePath({ registered: true, is_2fa_verified: false }, false)).toBe('/verify2FA/');
    expect(twoFactorGatePath({ registered: true, is_2fa_verified: true }, true)).toBeNull();
  });
});

describe('homePathFor', () => {
  it('sends staff without a chosen client to the client list', () => {
    expect(homePathFor({ ...user, is_oem: true }, false)).toBe('/clients');
  });

  it('sends a user with a chosen client to the sites', () => {
    const withClient = { ...user, is_superuser: true, current_client: { id: 1, company: 'Mill' } };
    expect(homePathFor(withClient, false)).toBe('/sites');
  });

  it('sends an assigned user to the sites and a gated user to the gate', () => {
    expect(homePathFor(user, false)).toBe('/sites');
    expect(homePathFor(user, true)).toBe('/setup2FA/');
  });
});

describe('isSamePath', () => {
  it('ignores case and trailing slashes', () => {
    expect(isSamePath('/setup2fa', '/setup2FA/')).toBe(true);
    expect(isSamePath('/sites', '/setup2FA/')).toBe(false);
  });
});
