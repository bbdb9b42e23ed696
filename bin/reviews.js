#!/usr/bin/env node
// The `reviews` command: the TypeScript source in the repository, the JavaScript compiled at
// pack time when installed (Node strips no types under node_modules, and the tarball has no source).
import { existsSync, readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const [major, minor] = /(\d+)\.(\d+)/.exec(engines.node).slice(1).map(Number);
const [runningMajor, runningMinor] = process.versions.node.split('.').map(Number);
if (runningMajor < major || (runningMajor === major && runningMinor < minor)) {
  console.error(`reviews: This engine needs Node ${major}.${minor} or newer, and this is Node ${process.versions.node}; install a current Node (nodejs.org) and run the command again.`);
  process.exit(1);
}
const source = new URL('../scripts/cli/main.ts', import.meta.url);
await import(existsSync(source) ? source.href : new URL('../lib/scripts/cli/main.js', import.meta.url).href);
