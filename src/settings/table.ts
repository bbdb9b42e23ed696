// How a table of settings is declared and read. Each setting is one row: its environment
// name (the key), the field it fills, its default, what the docs say about it and how its
// text is parsed. The values' types, the settings page's table and every error message are derived
// from the rows.

export type Env = Record<string, string | undefined>;

/** Turns a setting's text into its value; throws a message that follows "Setting NAME must …". */
export type Parse<T> = ((raw: string) => T) & { json?: JsonType };

/** What a config file's JSON Schema says of a value a parser accepts (src/settings/config-schema.ts). */
export type JsonType = Readonly<Record<string, unknown>>;

const typed = <T>(parse: (raw: string) => T, json: JsonType): Parse<T> => Object.assign(parse, { json });

export interface Setting<F extends string = string, T = unknown> {
  field: F;
  default: string;
  /** The default as the docs show it, when the raw value is not the clearest way to say it */
  shown?: string;
  help: string;
  parse: Parse<T>;
  /** A secret: never printed, written into a config file, a build, wrangler.json or a command line */
  secret?: true;
}

export function setting<F extends string, T>(field: F, parse: Parse<T>, defaultValue: string, help: string, shown?: string): Setting<F, T> {
  return shown === undefined ? { field, default: defaultValue, help, parse } : { field, default: defaultValue, help, parse, shown };
}

/** The record a table reads to: one field per row, typed by the row's parser. */
export type ValuesOf<Table extends Record<string, Setting>> = {
  [N in keyof Table as Table[N]['field']]: Table[N] extends Setting<string, infer T> ? T : never;
};

class SettingError extends Error {}

/** Refuses a setting's text: `message` follows "Setting NAME must". */
export const fail = (message: string): never => {
  throw new SettingError(message);
};

export const text: Parse<string> = typed((raw) => raw, { type: 'string' });

export const integer = (min: number, max = Number.MAX_SAFE_INTEGER): Parse<number> =>
  typed(
    (raw) => {
      const n = Number(raw);
      if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max)
        return fail(max === Number.MAX_SAFE_INTEGER ? `be an integer >= ${min}` : `be an integer from ${min} to ${max}`);
      return n;
    },
    max === Number.MAX_SAFE_INTEGER ? { type: 'integer', minimum: min } : { type: 'integer', minimum: min, maximum: max },
  );

export const flag: Parse<boolean> = typed((raw) => (raw === '0' || raw === '1' ? raw === '1' : fail('be 0 or 1')), { type: 'boolean' });

export const oneOf = <T extends string>(...values: T[]): Parse<T> =>
  typed((raw) => ((values as string[]).includes(raw) ? (raw as T) : fail(`be one of ${values.join(', ')}`)), { enum: values });

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** An absolute http(s) URL, reduced to its origin. */
export const origin: Parse<string> = typed(
  (raw) => {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return fail('be an absolute http(s) URL');
    return (url as URL).origin;
  },
  { type: 'string', format: 'uri' },
);

/**
 * An https URL, or http on a loopback host: the sidecar behind a CDN and the sync's APIs are
 * reached across the internet, where the leg must be encrypted. Empty stays empty.
 */
export const secureUrl = (keep: 'origin' | 'url'): Parse<string> =>
  typed(
    (raw) => {
      if (raw === '') return '';
      let url: URL | undefined;
      try {
        url = new URL(raw);
      } catch {}
      if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))))
        return fail('be an https URL (plain http only on a loopback address)');
      return keep === 'origin' ? (url as URL).origin : raw.replace(/\/+$/, '');
    },
    { type: 'string' },
  );

/** A comma-separated list of origins, without repeats; empty is an empty list. */
export const originList: Parse<string[]> = typed(
  (raw) => [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(origin),
    ),
  ],
  { type: ['string', 'array'], items: { type: 'string', format: 'uri' } },
);

/** The same row marked secret. */
export const secret = <F extends string, T>(row: Setting<F, T>): Setting<F, T> => ({ ...row, secret: true });

/** The value of every row of `table`: the environment's text or the default, parsed, with the setting's name in every error. */
export function readTable<Table extends Record<string, Setting>>(table: Table, env: Env): ValuesOf<Table> {
  const values: Record<string, unknown> = {};
  for (const [name, row] of Object.entries(table)) {
    const given = env[name];
    const raw = given === undefined || given === '' ? row.default : given;
    try {
      values[row.field] = row.parse(raw);
    } catch (error) {
      if (!(error instanceof SettingError)) throw error;
      throw new Error(`Setting ${name} must ${error.message}${row.secret ? '' : `, got "${raw}"`}`);
    }
  }
  return values as ValuesOf<Table>;
}

/** The settings page's table of these settings: name, default, meaning. */
export function settingsTableRows(table: Record<string, Setting>): string[] {
  return Object.entries(table).map(([name, row]) => {
    const shown = row.shown ?? (row.default === '' ? '(none)' : `\`${row.default}\``);
    return `| \`${name}\` | ${shown} | ${row.help} |`;
  });
}
