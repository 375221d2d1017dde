import type { Permission } from '@vigil/contracts';
import { boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clients } from './clients.table';
import { users } from './users.table';

/** Sites, called locations on the wire (A section 3 'Site / location'). */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    address: text('address').notNull(),
    fullName: text('full_name').notNull().default(''),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    timezone: text('timezone').notNull(),
    isSuspended: boolean('is_suspended').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    visualDashboardEnabled: boolean('visual_dashboard_enabled').notNull().default(false),
    /** Days between proof tests of each alarm sensor (docs/proof-tests.md). */
    proofTestIntervalDays: integer('proof_test_interval_days').notNull().default(90),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('locations_client_idx').on(t.clientId)],
);

/** A user's access to one site with a permission (A section 3 'Membership'). */
export const locationMemberships = pgTable(
  'location_memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hasAccess: boolean('has_access').notNull().default(true),
    permission: text('permission').$type<Permission>().notNull().default('User'),
  },
  (t) => [
    unique('location_memberships_location_user_key').on(t.locationId, t.userId),
    index('location_memberships_user_idx').on(t.userId),
  ],
);

export type LocationRow = typeof locations.$inferSelect;
export type NewLocationRow = typeof locations.$inferInsert;
export type LocationMembershipRow = typeof locationMemberships.$inferSelect;
