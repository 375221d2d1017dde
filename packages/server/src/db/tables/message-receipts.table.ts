import { customType, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Messages already stored, by device and a digest of their bytes: a QoS 1 message redelivered (no PUBACK
 * received, or an external broker's session replayed after a crash) is acknowledged again without writing
 * its points twice. Kept a few hours (ingest/message-receipts.ts), far beyond any broker's redelivery window.
 */
export const messageReceipts = pgTable(
  'message_receipts',
  {
    deviceId: integer('device_id').notNull(),
    digest: bytea('digest').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'message_receipts_pkey', columns: [t.deviceId, t.digest] }),
    index('message_receipts_received_at_idx').on(t.receivedAt),
  ],
);
