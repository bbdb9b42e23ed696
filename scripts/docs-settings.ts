// Writes the README's settings table from the settings' rows (src/settings/).
import { readFileSync, writeFileSync } from 'node:fs';
import { withSettingsTable } from '../src/settings/readme.ts';

const path = new URL('../README.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = withSettingsTable(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? 'README.md settings table is up to date' : 'README.md settings table rewritten');
