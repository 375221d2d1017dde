import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.table';

/** Feedback sent from the 'Send Feedback' page, by a visitor or a signed-in user. */
export const feedback = pgTable('feedback', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  about: text('about').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
