/** Edit Warnings (M section 2). */
export const EDIT_WARNINGS_PATH = '/dashboard/edit/warnings';

/** Ours: texts the spec leaves open. */
export const WARNINGS_LOAD_FAILED = 'The warnings could not be loaded. Please try again.';
export const WARNINGS_SAVED = 'Warnings saved';
export const WARNINGS_SAVE_FAILED = 'The warnings could not be saved. Please try again.';
