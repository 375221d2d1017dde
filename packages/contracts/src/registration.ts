// Schemas and messages of the registration domain; filled in by its step-2 work.
export {};
