// Keeps ARCHITECTURE.md honest: every source folder has a row in its layer table, every
// relative import goes to a folder that row allows and to a lower row (an earlier one in the
// table, or the same), and no file imports itself through others.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';

interface Row {
  folders: string[];
  mayImport: string[];
}

function layerTable(): Row[] {
  const doc = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Layers'), doc.indexOf('## Where a request goes'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split('|').map((c) => c.trim());
      const paths = (cell: string) => [...cell.matchAll(/`([^`]+\/(?:\*\*)?)`/g)].map((m) => m[1] as string);
      const allowed = cells[3] ?? '';
      return { folders: paths(cells[1] ?? ''), mayImport: allowed.startsWith('everything') ? ['*'] : paths(allowed) };
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|astro|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The row that lists the folder of `path` by name, or as `folder/**` (it and every folder below it). */
function rowOf(rows: Row[], path: string): { folder: string; row: Row } | undefined {
  const folder = path.endsWith('/') ? path : `${dirname(path)}/`;
  const listed = (entry: string) => (entry.endsWith('**') ? folder.startsWith(entry.slice(0, -2)) : entry === folder);
  const row = rows.find((r) => r.folders.some(listed));
  return row ? { folder, row } : undefined;
}

const IMPORT_RE = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const rows = layerTable();
const files = ['src', 'sidecar', 'scripts', 'research'].flatMap(sourceFiles);

describe('ARCHITECTURE.md', () => {
  it('has a layer row for every folder that holds source', () => {
    const folders = new Set(files.map((f) => `${dirname(f)}/`));
    const missing = [...folders].filter((folder) => !rowOf(rows, folder));
    expect(missing).toEqual([]);
    expect(rows.length).toBeGreaterThan(10);
  });

  it('allows every import the code makes, and nothing imports upward', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = rowOf(rows, file);
      if (!from || from.row.mayImport.includes('*')) continue;
      for (const [, spec] of readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT_RE)) {
        const target = relative(ROOT, normalize(join(ROOT, dirname(file), spec as string)));
        const to = rowOf(rows, target);
        if (!to || to.row === from.row) continue;
        if (!from.row.mayImport.some((allowed) => target.startsWith(allowed.replace(/\*\*$/, '')))) violations.push(`${file} imports ${target} (${to.folder})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('never lets a lower row import a higher one', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const from = rowOf(rows, file);
      if (!from || from.row.mayImport.includes('*')) continue;
      for (const target of targets) {
        const to = rowOf(rows, target);
        if (to && rows.indexOf(to.row) > rows.indexOf(from.row)) upward.push(`${file} imports ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no import circles', () => {
    expect(cycles(graph)).toEqual([]);
    // the check itself finds one
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });
});

/** Every relative import of every source file, type-only ones included, as repository paths. */
const graph = new Map(
  files.map((file) => [
    file,
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT_RE)].map(([, spec]) => relative(ROOT, normalize(join(ROOT, dirname(file), spec as string)))),
  ]),
);

/** The strongly connected components with more than one file (Tarjan), each sorted. */
function cycles(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}
