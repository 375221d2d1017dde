// Schemas and messages of the feedback domain; filled in by its step-2 work.
export {};
