import { PASSWORD_RESET_MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { PasswordResetTokenRow } from '../../db/tables/password-reset-tokens.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { LimitStore } from '../../limits/limit-store';
import * as usersRepo from '../users/users.repo';
import * as passwordResetRepo from './password-reset.repo';
import { decodeUid, encodeUid, PasswordResetService, passwordResetLink } from './password-reset.service';
import { ResetRateLimiter } from './reset-rate-limit';
import * as sessionsRepo from './sessions.repo';

describe('password reset links', () => {
  it('writes the user id in base 36 before the first dash of the link', () => {
    expect(encodeUid(1)).toBe('1');
    expect(encodeUid(46_655)).toBe('zzz');
    expect(passwordResetLink('https://vigil.example.com/', 46_655, 'ab12')).toBe(
      'https://vigil.example.com/password/reset/key/zzz-ab12',
    );
  });

  it('reads back only well-formed, positive, 32-bit ids', () => {
    expect(decodeUid('zzz')).toBe(46_655);
    expect(decodeUid(encodeUid(2_147_483_647))).toBe(2_147_483_647);
    for (const uid of ['', '0', '-1', 'ZZZ', 'a-b', '1.5', 'zzzzzzzzzzz', encodeUid(2_147_483_648)]) {
      expect(decodeUid(uid)).toBeUndefined();
    }
  });
});

describe('PasswordResetService.confirm, with fake repositories', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const passwordChangedAt = new Date('2026-11-28T10:00:00Z');
  const user = {
    id: 7,
    email: 'ada@example.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    isActive: true,
    passwordChangedAt,
  } as UserRow;
  const input = {
    uid: encodeUid(user.id),
    token: 'ab12',
    new_password1: 'Harbour-Lamp-72',
    new_password2: 'Harbour-Lamp-72',
  };

  /** The service over a link made at `linkCreatedAt`; `writes` records what it changed. */
  function serviceWithLinkMadeAt(linkCreatedAt: Date) {
    const writes: string[] = [];
    const link: PasswordResetTokenRow = {
      id: 3,
      userId: user.id,
      tokenHash: 'hash',
      createdAt: linkCreatedAt,
      expiresAt: new Date(now.getTime() + 3_600_000),
      usedAt: null,
    };
    const db = { transaction: async (work: (tx: Database) => unknown) => work(db) } as unknown as Database;
    const service = new PasswordResetService({
      db,
      config: {} as AppContext['config'],
      mailer: { send: async () => undefined },
      signals: { publishControl: () => writes.push('session-revoked') },
      limiter: new ResetRateLimiter(LimitStore.open({ redisUrl: undefined, prefix: '' })),
      now: () => now,
      repos: {
        users: {
          ...usersRepo,
          getUserById: async () => user,
          updateUser: async () => {
            writes.push('password');
          },
        },
        sessions: {
          ...sessionsRepo,
          revokeUserSessions: async () => {
            writes.push('sessions');
          },
        },
        passwordReset: {
          ...passwordResetRepo,
          findResetTokenByHash: async () => link,
          useUpResetTokens: async () => true,
        },
      },
    });
    return { service, writes };
  }

  it('refuses a link made before the last password change, and changes nothing', async () => {
    const { service, writes } = serviceWithLinkMadeAt(new Date('2026-11-28T09:00:00Z'));
    const error = await service.confirm(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toEqual({ token: [PASSWORD_RESET_MESSAGES.invalidLink] });
    expect(writes).toEqual([]);
  });

  it('sets the password from a link made after it, ending every session', async () => {
    const { service, writes } = serviceWithLinkMadeAt(new Date('2026-11-28T11:00:00Z'));
    await service.confirm(input);
    expect(writes).toEqual(['password', 'sessions', 'session-revoked']);
  });
});
