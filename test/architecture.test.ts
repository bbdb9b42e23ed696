// Keeps ARCHITECTURE.md honest: every source folder has a row in its layer table, every
// relative import goes to a folder that row allows and to a lower row (an earlier one in the
// table, or the same), and no file imports itself through others.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';

interface Row {
  folders: string[];
  mayImport: string[];
  /** What a row that may import everything still may not: `everything but \`test/\`, …`. */
  except: string[];
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
      const everything = allowed.startsWith('everything');
      return { folders: paths(cells[1] ?? ''), mayImport: everything ? ['*'] : paths(allowed), except: everything ? paths(allowed) : [] };
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
const files = ['src', 'sidecar', 'scripts', 'bench', 'tools', 'research'].flatMap(sourceFiles);

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

  it('keeps what ships apart from what tests and measures: a row of everything but some folders imports none of them', () => {
    const scripts = rowOf(rows, 'scripts/cli/main.ts')?.row;
    expect(scripts?.except).toEqual(['test/', 'bench/', 'tools/', 'research/']);
    const violations: string[] = [];
    for (const [file, targets] of graph) {
      const except = rowOf(rows, file)?.row.except ?? [];
      for (const target of targets) if (except.some((folder) => target.startsWith(folder))) violations.push(`${file} imports ${target}`);
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

/** The Node-only parts ARCHITECTURE.md lists (its section on runtime-free code): folders (`folder/`, `folder/**`) and files. */
function nodeOnlyParts(): string[] {
  const doc = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Runtime-free code'), doc.indexOf('## Where a request goes'));
  const list = section.slice(section.indexOf('The Node-only parts'));
  return list
    .split('\n')
    .filter((line) => line.startsWith('- `'))
    .flatMap((line) => [...(line.split(':')[0] as string).matchAll(/`([^`]+)`/g)].map((m) => m[1] as string));
}

const nodeOnly = nodeOnlyParts();
const isNodeOnly = (file: string) =>
  nodeOnly.some((part) => (part.endsWith('/**') ? file.startsWith(part.slice(0, -2)) : part.endsWith('/') ? `${dirname(file)}/` === part : file === part));

const NODE_GLOBALS = new Set(['Buffer', 'process', '__dirname', '__filename', 'require']);
const NODE_MODULES = new Set(builtinModules.filter((m) => !m.startsWith('_')));
const isNodeModule = (spec: string) => spec.startsWith('node:') || NODE_MODULES.has(spec) || NODE_MODULES.has(spec.split('/')[0] as string);

/** A name that is not a reference of its own: a property, a member or a key. */
function isMemberName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if ((ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) && (ts.isPropertyAccessExpression(parent) ? parent.name : parent.right) === node)
    return true;
  return (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isEnumMember(parent)) &&
    parent.name === node
  );
}

/** Every use of a Node API in a source file: a Node module imported (node: or bare), or a Node global named. */
function nodeApis(text: string, file = 'file.ts'): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const spec =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
        ? node.moduleSpecifier.text
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])
          ? node.arguments[0].text
          : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)
            ? node.argument.literal.text
            : undefined;
    if (spec !== undefined && isNodeModule(spec)) found.push(`imports ${spec}`);
    if (ts.isIdentifier(node) && NODE_GLOBALS.has(node.text) && !isMemberName(node)) found.push(`uses ${node.text}`);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return [...new Set(found)];
}

/** Every file the Worker's entry reaches through relative imports, itself included. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !graph.has(file)) return;
    seen.add(file);
    for (const target of graph.get(file) ?? []) visit(target);
  };
  visit(entry);
  return seen;
}

describe('runtime-free code (ARCHITECTURE.md)', () => {
  it('uses no Node API outside the Node-only parts', () => {
    const offenders = files
      .filter((file) => /\.(ts|mjs)$/.test(file) && !isNodeOnly(file))
      .flatMap((file) => nodeApis(readFileSync(join(ROOT, file), 'utf8'), file).map((use) => `${file} ${use}`));
    expect(offenders).toEqual([]);
  });

  it('lists Node-only parts that exist, and the Worker reaches none of them', () => {
    expect(nodeOnly.length).toBeGreaterThan(5);
    expect(nodeOnly.filter((part) => !existsSync(join(ROOT, part.replace(/\*\*$/, ''))))).toEqual([]);
    const worker = ['sidecar/runtime/cloudflare/main.ts', 'sidecar/runtime/cloudflare/pages-worker.ts'].flatMap((entry) => [...reachable(entry)]);
    expect(worker.length).toBeGreaterThan(50);
    expect(worker.filter(isNodeOnly)).toEqual([]);
  });

  it('finds each kind of Node API, and not the same words as names or in comments', () => {
    const uses = nodeApis(
      [
        "import { createHash } from 'node:crypto';",
        "import { readFileSync } from 'fs';",
        "export { join } from 'path/posix';",
        "const os = await import('os');",
        'type B = Buffer;',
        'const bytes = Buffer.from("x");',
        'const dir = __dirname;',
        'if (process.env.X) {}',
        "const m = require('zlib');",
      ].join('\n'),
    );
    expect(uses.sort()).toEqual(
      ['imports fs', 'imports node:crypto', 'imports os', 'imports path/posix', 'uses Buffer', 'uses __dirname', 'uses process', 'uses require'].sort(),
    );
    expect(
      nodeApis(
        "// a long-lived process keeps a Buffer\nconst o = { process: 1, Buffer: 2 };\no.process;\nconst s = 'process.env';\nimport { x } from 'hono/process';",
      ),
    ).toEqual([]);
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
