import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { worthAdding } from '../../scripts/cli/check.ts';
import { readSiteEnv } from '../../scripts/cli/site-env.ts';
import { siteFiles } from '../../scripts/cli/site-files.ts';
import { GENERATED_SCHEMAS, schemaText } from '../../tools/docs/schemas.ts';
import { BusinessSchema } from '../../src/core/schemas/business.ts';
import { SECRET_SETTING_NAMES } from '../../src/settings/all.ts';
import { ConfigError, configFileEnv, effectiveSettings } from '../../src/settings/config-file.ts';
import { readSettings } from '../../src/settings/index.ts';
import { ROOT } from '../helpers/paths.ts';

const FILE = 'site/reviews.config.json';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('reviews.config.json', () => {
  it.each(Object.entries(GENERATED_SCHEMAS))('the committed %s is the one generated (npm run docs:settings)', (file, make) => {
    expect(readFileSync(join(ROOT, file), 'utf8')).toBe(schemaText(make));
  });

  it('values become the environment text of the same rows: numbers, flags, lists', () => {
    const env = configFileEnv(
      { $schema: 'x', cache_max_age_s: 300, worker_server_timing: true, mcp_allowed_origins: ['https://a.example', 'https://b.example'] },
      FILE,
    );
    expect(env).toEqual({ CACHE_MAX_AGE_S: '300', WORKER_SERVER_TIMING: '1', MCP_ALLOWED_ORIGINS: 'https://a.example,https://b.example' });
    expect(readSettings(env).mcpAllowedOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('every value the schema accepts for a setting, the reader accepts', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/reviews.config.schema.json'), 'utf8'));
    const defaults = Object.fromEntries(
      Object.entries(schema.properties as Record<string, { default?: unknown }>)
        .filter(([k]) => k !== '$schema')
        .map(([k, p]) => [k, p.default]),
    );
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(defaults), JSON.stringify(validate.errors)).toBe(true);
    expect(() => configFileEnv(defaults, FILE)).not.toThrow();
    for (const name of SECRET_SETTING_NAMES) expect(schema.properties).not.toHaveProperty(name.toLowerCase());
  });

  it.each(SECRET_SETTING_NAMES)('a secret (%s) is refused, naming the key and where it belongs, never the value', (name) => {
    const refusal = () => configFileEnv({ [name.toLowerCase()]: 'hunter2-value' }, FILE);
    expect(refusal).toThrow(ConfigError);
    expect(refusal).toThrow(new RegExp(`${FILE} holds the secret "${name.toLowerCase()}".*\\.env.*reviews secret put`));
    expect(refusal).not.toThrow(/hunter2/);
  });

  it('an unknown key, a key in upper case and a bad value fail naming the file, the key and what is expected', () => {
    expect(() => configFileEnv({ site_ur: 'https://x.example' }, FILE)).toThrow(`${FILE} has an unknown key "site_ur"`);
    expect(() => configFileEnv({ SITE_URL: 'https://x.example' }, FILE)).toThrow('unknown key "SITE_URL"');
    expect(() => configFileEnv({ cache_max_age_s: -1 }, FILE)).toThrow(`${FILE}: "cache_max_age_s" must be an integer >= 0`);
    expect(() => configFileEnv({ cloudflare_validators: 'cdn' }, FILE)).toThrow('"cloudflare_validators" must be one of edge, host');
    expect(() => configFileEnv({ port: { n: 1 } }, FILE)).toThrow('"port" must be a string, a number, true or false');
    expect(() => configFileEnv([], FILE)).toThrow('must hold one JSON object');
  });

  it('the environment overrides .env, which overrides the file; reviews config says where each came from, secrets masked', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-file-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'reviews.config.json'), JSON.stringify({ cache_max_age_s: 300, port: 5000, site_url: 'https://file.example' }));
    writeFileSync(join(dir, '.env'), 'PORT=6000\nSITE_URL=https://dotenv.example\nGOOGLE_CLIENT_SECRET=s3cret-value\n');
    const site = readSiteEnv(dir, { SITE_URL: 'https://env.example' });
    expect(readSettings(site.env)).toMatchObject({ cacheMaxAgeS: 300, port: 6000, siteUrl: 'https://env.example' });
    const rows = Object.fromEntries(effectiveSettings(site.layers).map((r) => [r.key, r]));
    expect(rows.cache_max_age_s).toMatchObject({ shown: '300', source: 'reviews.config.json' });
    expect(rows.port).toMatchObject({ shown: '6000', source: '.env' });
    expect(rows.site_url).toMatchObject({ shown: 'https://env.example', source: 'environment' });
    expect(rows.host).toMatchObject({ shown: '127.0.0.1', source: 'default' });
    expect(rows.google_client_secret).toMatchObject({ shown: '(set, hidden)', source: '.env' });
    expect(JSON.stringify(rows)).not.toContain('s3cret');
  });
});

describe('a new business.json', () => {
  const files = siteFiles(
    { name: 'Ærø Rørlægger', language: 'da', timeZone: 'Europe/Copenhagen', country: 'DK', engine: '^1.0.0', packageName: 'x', workflow: '', peers: {} },
    'reviews-service',
  );
  const written = JSON.parse(files['content/business.json'] as string);

  it('validates as written, against the zod schema and the shipped JSON Schema, and names the Worker from the name', () => {
    expect(BusinessSchema.safeParse(written).success).toBe(true);
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(
      JSON.parse(readFileSync(join(ROOT, 'schemas/business.schema.json'), 'utf8')),
    );
    expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
    expect(JSON.parse(files['reviews.config.json'] as string).worker_name).toBe('aero-rorlaegger');
  });

  it('leaves what init cannot know for reviews check to list', () => {
    const listed = worthAdding(BusinessSchema.parse(written)).join('\n');
    for (const field of ['telephone', 'url', 'services', 'technicians']) expect(listed).toContain(field);
  });

  it('a service-area business without a street address validates, and the sample keeps validating', () => {
    const serviceArea = { ...written, telephone: '+45 1234', address: { locality: 'Aalborg', country: 'DK' }, service_areas: ['Aalborg'] };
    expect(BusinessSchema.safeParse(serviceArea).success).toBe(true);
    expect(worthAdding(BusinessSchema.parse(serviceArea)).join('\n')).not.toContain('street_address');
    expect(BusinessSchema.safeParse(JSON.parse(readFileSync(join(ROOT, 'content/business.json'), 'utf8'))).success).toBe(true);
  });

  it('.env.example names every secret', () => {
    for (const name of SECRET_SETTING_NAMES) expect(files['.env.example']).toMatch(new RegExp(`^${name}=$`, 'm'));
  });
});
