// Schemas and messages of the users domain; filled in by its step-2 work.
export {};
