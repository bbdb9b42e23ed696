// `reviews config`: every setting in effect, where its value came from, secrets masked.
import { effectiveSettings } from '../../src/settings/config-file.ts';
import type { Env } from '../../src/settings/table.ts';

export function printConfig(layers: { environment: Env; dotenv: Env; file: Env }): number {
  const rows = effectiveSettings(layers);
  const width = Math.max(...rows.map((r) => r.key.length));
  for (const row of rows) console.log(`${row.key.padEnd(width)}  ${JSON.stringify(row.shown)}  (${row.source})`);
  return 0;
}
