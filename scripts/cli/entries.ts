// The entry files the `reviews` command runs, by their path from the package's root without
// extension: the one list that the command dispatches from and that prepack compiles and checks.
// `secret`, `status` and `syncCheck` may not exist in an older engine; the command then says so.

export const ENTRIES = {
  import: 'scripts/import',
  verify: 'scripts/verify',
  dev: 'scripts/dev',
  build: 'scripts/build',
  serve: 'sidecar/runtime/node/main',
  previewWorker: 'scripts/preview-worker',
  previewHost: 'scripts/preview',
  deploy: 'scripts/deploy-worker',
  secret: 'scripts/secret',
  status: 'scripts/status',
  sync: 'scripts/sync',
  /** also run alone from the engine's tarball, before `npm install`, by the sync workflow */
  syncCheck: 'scripts/sync-check',
  publish: 'scripts/publish',
  hubBackup: 'scripts/hub-backup',
  /** started by the sidecar as a worker thread, not by the command */
  hubEngine: 'sidecar/runtime/node/hub/engine-worker',
} as const;
