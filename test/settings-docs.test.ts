import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_MARKERS, settingsDocsTable, withSettingsTable } from '../src/settings/docs-page.ts';
import { HUB_SETTINGS, readHubSettings } from '../src/settings/hub.ts';
import { readSettings, SETTINGS } from '../src/settings/index.ts';
import { INSIGHTS_SETTINGS, readInsightsSettings } from '../src/settings/insights.ts';
import { readSyncSchedule, readSyncSettings, SYNC_SETTINGS } from '../src/settings/sync.ts';
import { ROOT } from './helpers/paths.ts';

const page = readFileSync(join(ROOT, 'docs', 'settings.md'), 'utf8');

describe('settings', () => {
  it('docs/settings.md holds the table generated from the rows (npm run docs:settings)', () => {
    expect(withSettingsTable(page)).toBe(page);
    expect(page).toContain(`${DOCS_MARKERS.start}\n${settingsDocsTable()}\n${DOCS_MARKERS.end}`);
  });

  it.each([...Object.keys(SETTINGS), ...Object.keys(HUB_SETTINGS), ...Object.keys(SYNC_SETTINGS), ...Object.keys(INSIGHTS_SETTINGS)])(
    '%s is in the settings table of docs/settings.md',
    (name) => {
      expect(page).toContain(`| \`${name}\` |`);
    },
  );

  it('every default parses', () => {
    expect(() => readSettings({})).not.toThrow();
    expect(() => readHubSettings({})).not.toThrow();
    expect(() => readSyncSettings({})).not.toThrow();
    expect(readInsightsSettings({}).corpusDir).toBe('../shared/insights-corpus');
    expect(readSyncSchedule({})).toEqual({ intervalS: 0, niceness: 10 });
  });

  it('rejects malformed values with the setting name and the value', () => {
    expect(() => readSettings({ PORT: 'abc' })).toThrow('Setting PORT must be an integer from 0 to 65535, got "abc"');
    expect(() => readSettings({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readSettings({ SITE_URL: 'ftp://x' })).toThrow('Setting SITE_URL must be an absolute http(s) URL, got "ftp://x"');
    expect(() => readSettings({ SINCE_BUDGET_BYTES: '-1' })).toThrow(/SINCE_BUDGET_BYTES/);
    expect(() => readSettings({ CLOUDFLARE_VALIDATORS: 'cdn' })).toThrow('Setting CLOUDFLARE_VALIDATORS must be one of edge, host, got "cdn"');
    expect(() => readSettings({ SIDECAR_URL: 'http://sidecar.example' })).toThrow(/SIDECAR_URL must be an https URL/);
    expect(() => readSettings({ MCP_ALLOWED_ORIGINS: 'https://a.example, nope' })).toThrow(/MCP_ALLOWED_ORIGINS/);
    expect(() => readHubSettings({ HUB_DB: ':memory:' })).toThrow(/HUB_DB must be a file/);
    expect(() => readHubSettings({ HUB_ALLOW_PRIVATE_CALLBACKS: 'yes' })).toThrow('Setting HUB_ALLOW_PRIVATE_CALLBACKS must be 0 or 1, got "yes"');
    expect(() => readSyncSchedule({ SYNC_NICENESS: '20' })).toThrow(/SYNC_NICENESS must be an integer from 0 to 19/);
    expect(() => readSyncSettings({ SYNC_DELETIONS: 'delete' })).toThrow(/SYNC_DELETIONS/);
    expect(() => readSyncSettings({ GOOGLE_LOCATION: 'locations/1' })).toThrow(/GOOGLE_LOCATION/);
    expect(() => readSyncSettings({ GOOGLE_LOCATION: 'accounts/1/locations/2', GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'Settings GOOGLE_CLIENT_SECRET, GOOGLE_REFRESH_TOKEN must be set when GOOGLE_LOCATION is set (see docs/sync.md: Google)',
    );
    expect(() => readSyncSettings({ TRUSTPILOT_BUSINESS_UNIT_ID: 'x', TRUSTPILOT_API_KEY: 'k', TRUSTPILOT_API_URL: 'http://api.example' })).toThrow(
      /TRUSTPILOT_API_URL/,
    );
    expect(readSyncSettings({ TRUSTPILOT_BUSINESS_UNIT_ID: 'x', TRUSTPILOT_API_KEY: 'k', TRUSTPILOT_API_URL: 'http://127.0.0.1:9/' }).trustpilot).toEqual({
      businessUnitId: 'x',
      apiKey: 'k',
      apiUrl: 'http://127.0.0.1:9',
    });
  });

  it('fills fields from the rows, with the rules between settings', () => {
    const s = readSettings({ SIDECAR_URL: 'https://sidecar.example/path', MCP_ALLOWED_ORIGINS: 'https://a.example/x, https://a.example' });
    expect(s.sidecarUrl).toBe('https://sidecar.example');
    expect(s.mcpAllowedOrigins).toEqual(['https://a.example']);
    expect(readSettings({}).sidecarUrl).toBe('http://localhost:4321');
    expect(readSettings({ SITE_URL: 'https://reviews.example' }).mcpAllowedOrigins).toEqual(['https://reviews.example']);
    const sync = readSyncSettings({ GOOGLE_CLIENT_SECRET: 'short', TRUSTPILOT_API_KEY: 'a-longer-secret' });
    expect(sync.google).toBeUndefined();
    expect(sync.secrets).toEqual(['a-longer-secret', 'short']);
  });

  it('follows PORT for the default SITE_URL', () => {
    expect(readSettings({}).siteUrl).toBe('http://localhost:4321');
    expect(readSettings({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(readSettings({ PORT: '0' }).siteUrl).toBe('http://localhost:4321');
    expect(readSettings({ PORT: '8080', SITE_URL: 'https://reviews.example/x/' }).siteUrl).toBe('https://reviews.example');
  });
});
