import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The portal's single row of OEM settings: logo, custom CSS and support contacts. */
export const oemSettings = pgTable('oem_settings', {
  id: integer('id').primaryKey().default(1),
  /** The logo as a data URL (image/png, image/jpeg, image/svg+xml sanitised, image/webp), or null for the default. */
  logo: text('logo'),
  css: text('css').notNull().default(''),
  supportAddress: text('support_address').notNull().default(''),
  supportPhone: text('support_phone').notNull().default(''),
  supportEmail: text('support_email').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Site-wide RSS feed entries, in display order. */
export const rssFeedEntries = pgTable('rss_feed_entries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  url: text('url').notNull(),
  position: integer('position').notNull().default(0),
});

/** Static pages (terms of use, about, ...) with sanitised HTML and their own CSS. */
export const flatpages = pgTable('flatpages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  css: text('css').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OemSettingsRow = typeof oemSettings.$inferSelect;
export type RssFeedEntryRow = typeof rssFeedEntries.$inferSelect;
export type FlatpageRow = typeof flatpages.$inferSelect;
