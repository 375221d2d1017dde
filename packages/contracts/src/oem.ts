// Schemas and messages of the oem domain; filled in by its step-2 work.
export {};
