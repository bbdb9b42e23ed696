// A site's settings as the commands see them: reviews.config.json, then the site's .env (read
// with Node's own parser), then the process's environment, each overriding the one before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { CONFIG_FILE_NAME, ConfigError, configFileEnv } from '../../src/settings/config-file.ts';
import type { Env } from '../../src/settings/table.ts';

export interface SiteEnv {
  /** What a command runs with: the layers merged */
  env: Env;
  layers: { environment: Env; dotenv: Env; file: Env };
}

export function readSiteEnv(dir: string, environment: Env = process.env): SiteEnv {
  const file = readConfigFile(join(dir, CONFIG_FILE_NAME));
  const dotenvPath = join(dir, '.env');
  const dotenv: Env = existsSync(dotenvPath) ? (parseEnv(readFileSync(dotenvPath, 'utf8')) as Env) : {};
  const env: Env = { ...environment };
  for (const layer of [dotenv, file]) {
    for (const [name, value] of Object.entries(layer)) if (env[name] === undefined || env[name] === '') env[name] = value;
  }
  return { env, layers: { environment, dotenv, file } };
}

function readConfigFile(path: string): Env {
  if (!existsSync(path)) return {};
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${path} is not valid JSON (${(error as Error).message}); fix it, or run \`reviews config\` after removing it to see the defaults.`);
  }
  return configFileEnv(json, path);
}
