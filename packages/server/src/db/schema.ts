// Every table of the application, for Drizzle's typed queries and drizzle-kit's migrations.
export * from '../captcha/captcha.table';
export * from '../mail/outbox.table';
export * from '../modules/accounts/password-reset-tokens.table';
export * from '../modules/accounts/sessions.table';
export * from '../modules/clients/clients.table';
export * from '../modules/devices/devices.table';
export * from '../modules/feedback/feedback.table';
export * from '../modules/hardware/hardware.table';
export * from '../modules/oem/oem.table';
export * from '../modules/sites/sites.table';
export * from '../modules/two-factor/two-factor.table';
export * from '../modules/users/users.table';
export * from '../telemetry/device-state.table';
export * from '../telemetry/sensor-readings.table';
export * from '../telemetry/state-records.table';
