// Every table of the application, for Drizzle's typed queries and drizzle-kit's migrations.
export * from '../modules/accounts/sessions.table';
export * from '../modules/clients/clients.table';
export * from '../modules/sites/sites.table';
export * from '../modules/users/users.table';
