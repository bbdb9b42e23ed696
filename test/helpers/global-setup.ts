// Once per test run (vitest globalSetup): the folder for the builds test files share, in every
// project (test/helpers/shared-build.ts), removed when the run ends.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { tempDir } from './paths.ts';

export default function setup(project: TestProject): () => void {
  const dir = tempDir('shared-builds');
  project.provide('buildCache', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
