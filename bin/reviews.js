#!/usr/bin/env node
// The `reviews` command: the TypeScript source in the repository, the JavaScript compiled at
// pack time when installed (Node strips no types under node_modules, and the tarball has no source).
import { existsSync } from 'node:fs';

const source = new URL('../scripts/cli/main.ts', import.meta.url);
await import(existsSync(source) ? source.href : new URL('../lib/scripts/cli/main.js', import.meta.url).href);
