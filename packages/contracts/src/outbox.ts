// Schemas and messages of the outbox domain; filled in by its step-2 work.
export {};
