import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HUB_SETTINGS } from '../src/settings/hub.ts';
import { readSettings, SETTINGS } from '../src/settings/index.ts';
import { readSyncSettings, SYNC_SETTINGS } from '../src/settings/sync.ts';
import { ROOT } from './helpers/paths.ts';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('settings', () => {
  it.each([...Object.keys(SETTINGS), ...Object.keys(HUB_SETTINGS), ...Object.keys(SYNC_SETTINGS)])('%s is documented in the README settings table', (name) => {
    expect(readme).toContain(`| \`${name}\` |`);
  });

  it('rejects malformed values with the setting name', () => {
    expect(() => readSettings({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readSettings({ SITE_URL: 'ftp://x' })).toThrow(/SITE_URL/);
    expect(() => readSettings({ SINCE_BUDGET_BYTES: '-1' })).toThrow(/SINCE_BUDGET_BYTES/);
    expect(() => readSyncSettings({ SYNC_DELETIONS: 'delete' })).toThrow(/SYNC_DELETIONS/);
    expect(() => readSyncSettings({ GOOGLE_LOCATION: 'locations/1' })).toThrow(/GOOGLE_LOCATION/);
    expect(() => readSyncSettings({ TRUSTPILOT_BUSINESS_UNIT_ID: 'x', TRUSTPILOT_API_KEY: 'k', TRUSTPILOT_API_URL: 'http://api.example' })).toThrow(
      /TRUSTPILOT_API_URL/,
    );
    expect(readSyncSettings({ TRUSTPILOT_BUSINESS_UNIT_ID: 'x', TRUSTPILOT_API_KEY: 'k', TRUSTPILOT_API_URL: 'http://127.0.0.1:9' }).trustpilot?.apiUrl).toBe(
      'http://127.0.0.1:9',
    );
  });

  it('follows PORT for the default SITE_URL', () => {
    expect(readSettings({}).siteUrl).toBe('http://localhost:4321');
    expect(readSettings({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(readSettings({ PORT: '8080', SITE_URL: 'https://reviews.example/x/' }).siteUrl).toBe('https://reviews.example');
  });
});
