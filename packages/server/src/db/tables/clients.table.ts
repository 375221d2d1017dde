import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.table';

/** Customer accounts (A section 3 'Client'). */
export const clients = pgTable('clients', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  number: integer('number').notNull().unique(),
  company: text('company').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  alternativeName: text('alternative_name'),
  alternativeEmail: text('alternative_email'),
  alternativePhone: text('alternative_phone'),
  is2faRequired: boolean('is_2fa_required').notNull().default(false),
  visualDashboardEnabled: boolean('visual_dashboard_enabled').notNull().default(false),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
});

/** Which clients a user is assigned to; a person may be assigned to several clients. */
export const clientUsers = pgTable(
  'client_users',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Accounts management of THIS client: the user flag alone never reaches another client. */
    isAccountsManagement: boolean('is_accounts_management').notNull().default(false),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index('client_users_user_idx').on(t.userId)],
);

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
