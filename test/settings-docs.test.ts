import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HUB_SETTINGS } from '../src/settings/hub.ts';
import { readSettings, SETTINGS } from '../src/settings/index.ts';
import { ROOT } from './helpers/paths.ts';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('settings', () => {
  it.each([...Object.keys(SETTINGS), ...Object.keys(HUB_SETTINGS)])('%s is documented in the README settings table', (name) => {
    expect(readme).toContain(`| \`${name}\` |`);
  });

  it('rejects malformed values with the setting name', () => {
    expect(() => readSettings({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readSettings({ SITE_URL: 'ftp://x' })).toThrow(/SITE_URL/);
    expect(() => readSettings({ SINCE_BUDGET_BYTES: '-1' })).toThrow(/SINCE_BUDGET_BYTES/);
  });

  it('follows PORT for the default SITE_URL', () => {
    expect(readSettings({}).siteUrl).toBe('http://localhost:4321');
    expect(readSettings({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(readSettings({ PORT: '8080', SITE_URL: 'https://reviews.example/x/' }).siteUrl).toBe('https://reviews.example');
  });
});
