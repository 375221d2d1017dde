// Schemas and messages of the clients domain; filled in by its step-2 work.
export {};
