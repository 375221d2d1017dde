import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.table';

/** A user's TOTP device: pending until the first code verifies it (confirmedAt set). */
export const twoFactorDevices = pgTable('two_factor_devices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, encrypted with AES-256-GCM (iv.tag.ciphertext, base64url). */
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last TOTP time step accepted, so a code works once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TwoFactorDeviceRow = typeof twoFactorDevices.$inferSelect;
