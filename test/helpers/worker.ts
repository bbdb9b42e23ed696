// The Worker under `npm run preview:worker`, started as the suites start the sidecar (the harness
// is shared with bench:worker).
export { type RunningWorker, startWorker, type WorkerOptions } from '../../scripts/harness/worker.ts';
