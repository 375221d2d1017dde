// Schemas and messages of the sites domain; filled in by its step-2 work.
export {};
