// The two runtime folders follow one plan (sidecar/runtime/README.md): each port of its table
// has a file of the same name in node/ and cloudflare/, every file of either folder is named
// there, and settings are read once per runtime entry (Node's main.ts, Cloudflare's settings.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceSettings } from '../sidecar/runtime/cloudflare/settings.ts';
import { ROOT } from './helpers/paths.ts';

const RUNTIME = join(ROOT, 'sidecar/runtime');
const README = readFileSync(join(RUNTIME, 'README.md'), 'utf8');

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(RUNTIME, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : entry.name.endsWith('.ts') ? [`${prefix}${entry.name}`] : [],
  );
}

/** The ports table: for each row, the file named first in the Node cell and in the Cloudflare cell. */
function ports(): { port: string; node: string | undefined; cloudflare: string | undefined }[] {
  const firstFile = (cell: string) => cell.match(/^`([\w/.-]+\.ts)`/)?.[1];
  return README.split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| what') && !line.startsWith('| ---'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => ({ port: cells[1] as string, node: firstFile(cells[3] ?? ''), cloudflare: firstFile(cells[4] ?? '') }));
}

describe('the runtime folders', () => {
  it('name each port by one file name on both sides, where both have a file', () => {
    const rows = ports();
    expect(rows.length).toBeGreaterThan(8);
    for (const row of rows) {
      expect(row.node ?? row.cloudflare, row.port).toBeDefined();
      if (row.node && row.cloudflare) expect(row.cloudflare, row.port).toBe(row.node);
      if (row.node) expect(existsSync(join(RUNTIME, 'node', row.node)), `node/${row.node}`).toBe(true);
      if (row.cloudflare) expect(existsSync(join(RUNTIME, 'cloudflare', row.cloudflare)), `cloudflare/${row.cloudflare}`).toBe(true);
    }
  });

  it('hold no file the README does not name', () => {
    const unnamed = ['node', 'cloudflare'].flatMap((side) =>
      filesUnder(side)
        .filter((file) => !README.includes(`\`${file}\``))
        .map((file) => `${side}/${file}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('read settings in one file per runtime', () => {
    const READS = /process\.env|\bread\w*Settings\(|\breadSync\w+\(|(?<!function )\bsettingsEnv\(/;
    const readers = ['node', 'cloudflare'].flatMap((side) =>
      filesUnder(side)
        .map((file) => `${side}/${file}`)
        .filter((file) => READS.test(readFileSync(join(RUNTIME, file), 'utf8'))),
    );
    expect(readers.sort()).toEqual(['cloudflare/settings.ts', 'node/main.ts']);
  });

  it("read the Worker's settings once per isolate", () => {
    const first = serviceSettings({ CACHE_MAX_AGE_S: '61' } as never);
    expect(first.cacheMaxAgeS).toBe(61);
    expect(serviceSettings({ CACHE_MAX_AGE_S: '62' } as never)).toBe(first);
  });
});
