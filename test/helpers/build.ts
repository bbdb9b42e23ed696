export { type BuildRun, buildOrThrow, runBuild } from '../../scripts/harness/processes.ts';
