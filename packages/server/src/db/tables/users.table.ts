import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients.table';
import { devices } from './devices.table';
import { locations } from './sites.table';

/** People who sign in: staff, OEM, and the clients' assigned users (A section 3 'User data'). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isOem: boolean('is_oem').notNull().default(false),
    isAccountsManagement: boolean('is_accounts_management').notNull().default(false),
    isManager: boolean('is_manager').notNull().default(false),
    isEngineer: boolean('is_engineer').notNull().default(false),
    visualDashboardEnabled: boolean('visual_dashboard_enabled').notNull().default(false),
    authKey: text('auth_key').notNull(),
    currentClientId: integer('current_client_id').references(() => clients.id, { onDelete: 'set null' }),
    currentLocationId: integer('current_location_id').references(() => locations.id, {
      onDelete: 'set null',
    }),
    currentDeviceId: integer('current_device_id').references(() => devices.id, { onDelete: 'set null' }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Single-use key of the activation link; null once the user has activated. */
    activationKey: text('activation_key').unique(),
    activationKeyCreatedAt: timestamp('activation_key_created_at', { withTimezone: true }),
    /** Activation stage 0 shows the terms; accepting them moves to stage 1, the password form. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  },
  (t) => [
    // E-mail and username are matched case-insensitively, so uniqueness is on the lower-cased value.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_current_client_idx').on(t.currentClientId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
