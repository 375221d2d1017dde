// Schemas and messages of the two-factor domain; filled in by its step-2 work.
export {};
