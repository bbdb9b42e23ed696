// A site's reviews.config.json: every setting that is not a secret, keyed by its name in lower
// snake case. Its values become environment text for the same rows, so one reader (readTable)
// parses both; the environment, and a site's .env, override the file.

import { ALL_SETTINGS, SECRET_SETTING_NAMES } from './all.ts';
import type { Env } from './table.ts';

export const CONFIG_FILE_NAME = 'reviews.config.json';

/** The key a setting has in the config file. */
export const configKey = (name: string): string => name.toLowerCase();

/** A config file, or the settings around it, that no command may run with; the message is one sentence and what to do. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const WHERE_SECRETS_GO =
  "a secret belongs in the site's .env file (locally, never committed), on the Worker (`reviews secret put NAME`) and in the GitHub Actions secrets";

/**
 * The environment text a parsed config file amounts to. Refuses a secret (naming its key, never
 * its value), an unknown key and a value its setting does not accept, each naming the file.
 */
export function configFileEnv(json: unknown, file: string): Env {
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new ConfigError(`${file} must hold one JSON object of settings; see docs/configuration.md.`);
  const env: Env = {};
  for (const [key, value] of Object.entries(json)) {
    if (key === '$schema') continue;
    const name = key.toUpperCase();
    const row = key === configKey(name) ? ALL_SETTINGS[name] : undefined;
    if (row?.secret) throw new ConfigError(`${file} holds the secret "${key}": remove it from the file; ${WHERE_SECRETS_GO}.`);
    if (!row)
      throw new ConfigError(`${file} has an unknown key "${key}": expected a setting's name in lower snake case (reviews config lists them), or remove it.`);
    const raw = configText(value);
    if (raw === undefined)
      throw new ConfigError(`${file}: "${key}" must be a string, a number, true or false${Array.isArray(value) ? ', or a list of strings' : ''}.`);
    try {
      row.parse(raw === '' ? row.default : raw);
    } catch (error) {
      throw new ConfigError(`${file}: "${key}" ${describeRefusal(error)}; fix the value or remove the key to use the default.`);
    }
    env[name] = raw;
  }
  return env;
}

/** The secrets set in a config-like record (for .env files nothing is refused: that is where they go). */
export const secretKeysIn = (keys: readonly string[]): string[] => keys.filter((key) => SECRET_SETTING_NAMES.includes(key.toUpperCase()));

function configText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(',');
  return undefined;
}

function describeRefusal(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /^be /.test(message) ? `must ${message}` : message;
}

export type SettingSource = 'environment' | '.env' | typeof CONFIG_FILE_NAME | 'default';

export interface EffectiveSetting {
  name: string;
  key: string;
  /** The text in effect; secrets come masked */
  shown: string;
  source: SettingSource;
}

/**
 * Where each setting's value comes from, highest first: the process's environment, the site's
 * .env, the config file, the row's default. Secrets are masked.
 */
export function effectiveSettings(layers: { environment: Env; dotenv: Env; file: Env }): EffectiveSetting[] {
  return Object.entries(ALL_SETTINGS).map(([name, row]) => {
    const found = (['environment', '.env'] as const).find((layer) => nonEmpty(layers[layer === '.env' ? 'dotenv' : 'environment'][name]));
    const source: SettingSource = found ?? (nonEmpty(layers.file[name]) ? CONFIG_FILE_NAME : 'default');
    const raw =
      found === 'environment'
        ? layers.environment[name]
        : found === '.env'
          ? layers.dotenv[name]
          : source === CONFIG_FILE_NAME
            ? layers.file[name]
            : row.default;
    const shown = row.secret ? (nonEmpty(raw) ? '(set, hidden)' : '(not set)') : (raw ?? '');
    return { name, key: configKey(name), shown, source };
  });
}

const nonEmpty = (value: string | undefined): value is string => value !== undefined && value !== '';
