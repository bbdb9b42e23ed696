// The Worker's settings, each group read once per isolate from its vars: the entry, MCP and
// the Durable Objects that run in the isolate take them from here, and no other file of this
// folder reads `env` for a setting. A deploy's vars never change under a running isolate.
import { type HubSettings, readHubSettings } from '../../../src/settings/hub.ts';
import { readSettings, type Settings } from '../../../src/settings/index.ts';
import { readSyncSecrets, readSyncSettings } from '../../../src/settings/sync.ts';
import { readWatchSettings } from '../../../src/settings/watch.ts';
import type { WatchConfig } from '../../../src/sync/watch.ts';
import { type McpSettings, mcpSettingsOf } from '../../mcp/routes.ts';
import { settingsEnv, type WorkerEnv } from './bindings.ts';

/** `read` the first time, its value after; a reader that throws is tried again. */
function once<T>(read: (env: WorkerEnv) => T): (env: WorkerEnv) => T {
  let value: { of: T } | undefined;
  return (env) => {
    value ??= { of: read(env) };
    return value.of;
  };
}

export const serviceSettings: (env: WorkerEnv) => Settings = once((env) => readSettings(settingsEnv(env)));
export const mcpSettings: (env: WorkerEnv) => McpSettings = once((env) => mcpSettingsOf(serviceSettings(env)));
export const hubSettings: (env: WorkerEnv) => HubSettings = once((env) => readHubSettings(settingsEnv(env)));
/** The watch's sources and dispatch; a wrong setting throws, which the watch logs as its outcome. */
export const watchConfig: (env: WorkerEnv) => WatchConfig = once((env) => {
  const vars = settingsEnv(env);
  return { sync: readSyncSettings(vars), watch: readWatchSettings(vars) };
});
/** The secret values, to keep them out of what the watch logs. */
export const syncSecrets: (env: WorkerEnv) => string[] = once((env) => readSyncSecrets(settingsEnv(env)));
