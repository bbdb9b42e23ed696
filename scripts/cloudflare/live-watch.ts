// The watch the live Worker runs, read from the account, so that a deploy from a machine without
// the watch's settings keeps it: its Cron Triggers (GET …/workers/scripts/NAME/schedules) and the
// watch's plain-text settings among its bindings (GET …/workers/scripts/NAME/settings). Secrets
// are never read: wrangler keeps a Worker's secrets on deploy.
import { WATCH_WORKER_SETTINGS } from '../../src/build/deploy/worker.ts';
import { SECRET_SETTING_NAMES } from '../../src/settings/all.ts';
import { type CloudflareApi, CloudflareApiError } from './api.ts';

export interface LiveWatch {
  crons: string[];
  /** The watch's settings the Worker holds as plain-text bindings */
  vars: Record<string, string>;
}

interface Binding {
  type: string;
  name: string;
  text?: string;
}

/** The live Worker's watch; undefined when the account has no Worker of that name. */
export async function readLiveWatch(api: CloudflareApi, account: string, name: string): Promise<LiveWatch | undefined> {
  const script = `/accounts/${account}/workers/scripts/${encodeURIComponent(name)}`;
  let schedules: { schedules?: { cron?: string }[] };
  try {
    schedules = await api.get(`${script}/schedules`);
  } catch (error) {
    // 10007: no such Worker (a first deploy)
    if (error instanceof CloudflareApiError && error.code === 10007) return undefined;
    throw error;
  }
  const { bindings = [] } = await api.get<{ bindings?: Binding[] }>(`${script}/settings`);
  const watchVars = new Set(WATCH_WORKER_SETTINGS.filter((n) => !SECRET_SETTING_NAMES.includes(n)));
  const vars = Object.fromEntries(
    bindings.filter((b) => b.type === 'plain_text' && watchVars.has(b.name) && typeof b.text === 'string').map((b) => [b.name, b.text as string]),
  );
  return { crons: (schedules.schedules ?? []).flatMap((s) => (s.cron ? [s.cron] : [])), vars };
}

/**
 * What this deploy must add to keep the live watch: its crons as `--triggers` and the watch's
 * settings this machine lacks as vars. Nothing when this build carries a watch of its own, or
 * when the live Worker runs none.
 */
export function keepLiveWatch(builtCrons: string[], localVars: Record<string, string>, live: LiveWatch | undefined): LiveWatch {
  if (builtCrons.length > 0 || !live || live.crons.length === 0) return { crons: [], vars: {} };
  const vars = Object.fromEntries(Object.entries(live.vars).filter(([name]) => localVars[name] === undefined));
  return { crons: live.crons, vars };
}
