// Writes the settings table of docs/settings.md from the settings' rows (src/settings/).
import { readFileSync, writeFileSync } from 'node:fs';
import { withSettingsTable } from '../../src/settings/docs-page.ts';

const path = new URL('../../docs/settings.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = withSettingsTable(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? 'docs/settings.md is up to date' : 'docs/settings.md settings table rewritten');
