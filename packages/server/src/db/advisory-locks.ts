/**
 * PostgreSQL advisory lock keys, one per job that only one instance may run at a time. Kept in one place so
 * that two jobs never share a key (they would then skip each other's turns).
 */
export const ADVISORY_LOCKS = {
  migrations: 7_351_001,
  offlineSweep: 7_351_002,
  rollups: 7_351_003,
  maintenanceTimeouts: 7_351_004,
  notificationProjector: 7_351_005,
} as const;
