import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Solved captcha challenges that were used up, so none can be replayed before it expires. */
export const captchaRedemptions = pgTable('captcha_redemptions', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
