// Every table of settings, in the order the docs list them, and the names marked secret: the one
// list that config files, deploys and logs are checked against.

import { HUB_SETTINGS } from './hub.ts';
import { SETTINGS } from './index.ts';
import { INSIGHTS_SETTINGS } from './insights.ts';
import { JOBS_SETTINGS } from './jobs.ts';
import { SYNC_SETTINGS } from './sync.ts';
import type { Setting } from './table.ts';
import { WATCH_SETTINGS } from './watch.ts';

export const SETTING_TABLES: readonly Record<string, Setting>[] = [SETTINGS, HUB_SETTINGS, SYNC_SETTINGS, JOBS_SETTINGS, WATCH_SETTINGS, INSIGHTS_SETTINGS];

/** Every row by its environment name. */
export const ALL_SETTINGS: Readonly<Record<string, Setting>> = Object.assign({}, ...SETTING_TABLES);

/** The names of the settings that are secrets. */
export const SECRET_SETTING_NAMES: readonly string[] = Object.keys(ALL_SETTINGS).filter((name) => ALL_SETTINGS[name]?.secret);
