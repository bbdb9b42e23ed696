// The content folder's optional record of the imports and syncs, named apart from the dataset's
// schemas so that a script run with Node alone (scripts/sync-check.ts, before any install) can read it.
export const IMPORTS_FILE_NAME = 'imports.json';
