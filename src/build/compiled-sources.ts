// In an installed engine the TypeScript is compiled to JavaScript (src/package/entries.ts decides
// which form runs), but the files Astro compiles itself (.astro pages, components and layouts, and
// their scripts) ship as they are and import `.ts`: this maps such an import to the compiled `.js`.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { ENTRY_EXT } from '../package/entries.ts';

export function compiledSources(): Plugin {
  return {
    name: 'reviews-service:compiled-sources',
    enforce: 'pre',
    resolveId(id, importer) {
      if (ENTRY_EXT === '.ts' || importer === undefined || !id.startsWith('.')) return undefined;
      const [path = '', query] = id.split('?');
      if (!path.endsWith('.ts')) return undefined;
      const file = resolve(dirname(importer.split('?')[0] ?? ''), path);
      const compiled = `${file.slice(0, -'.ts'.length)}.js`;
      if (existsSync(file) || !existsSync(compiled)) return undefined;
      return query === undefined ? compiled : `${compiled}?${query}`;
    },
  };
}
