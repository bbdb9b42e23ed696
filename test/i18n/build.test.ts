// A build in another language: the pages change, the JSON documents do not; a language
// without a catalogue builds in English and the build says which language it lacks.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInProcess, buildOrThrow } from '../helpers/build.ts';
import { tempDir } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { localizedContent } from '../helpers/site/localized.ts';

const SITE = 'https://reviews.example';

/** The same German content with business.json saying `language`. */
function withLanguage(content: string, language: string): string {
  const file = join(content, 'business.json');
  const business = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...business, language }));
  return content;
}

const read = (out: string, path: string) => readFileSync(join(out, 'site', path), 'utf8');

describe('a German build against the same content built as English and as Polish', () => {
  let de: string;
  let en: string;
  let pl: string;
  let plRun: { stdout: string; stderr: string };
  beforeAll(async () => {
    const tmp = tempDir('i18n-build');
    en = join(tmp, 'en', 'dist');
    pl = join(tmp, 'pl', 'dist');
    de = await sharedBuild(localizedContent('de'), SITE);
    await buildInProcess({ CONTENT_DIR: withLanguage(localizedContent('de'), 'en'), OUT_DIR: en, SITE_URL: SITE });
    // the command itself, for the warning it prints
    plRun = buildOrThrow({ CONTENT_DIR: withLanguage(localizedContent('de'), 'pl'), OUT_DIR: pl, SITE_URL: SITE });
  });

  it('keeps every JSON document the same but for business.language', () => {
    const json = (out: string) =>
      readdirSync(join(out, 'site'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && (e.name.endsWith('.json') || e.parentPath.includes('since')) && !e.name.startsWith('feed'))
        .map((e) => relative(join(out, 'site'), join(e.parentPath, e.name)))
        .sort();
    const paths = json(de);
    expect(paths).toEqual(json(en));
    expect(paths).toEqual(expect.arrayContaining(['reviews.json', 'insights.json', 'api/ratings.json', 'openapi.json', 'server.json']));
    const unlabel = (s: string) => s.replace(/"language":"(de|en)"/g, '"language":"?"');
    for (const p of paths) expect(unlabel(read(de, p)), p).toBe(unlabel(read(en, p)));
    // the feeds keep every field; only their words and language change
    const feedDe = JSON.parse(read(de, 'api/feed.json'));
    const feedEn = JSON.parse(read(en, 'api/feed.json'));
    expect(Object.keys(feedDe)).toEqual(Object.keys(feedEn));
    expect(feedDe.items.map((i: { _review: unknown }) => i._review)).toEqual(feedEn.items.map((i: { _review: unknown }) => i._review));
    expect([feedDe.title, feedEn.title]).toEqual(['Brightwater Haustechnik GmbH: neueste Bewertungen', 'Brightwater Haustechnik GmbH: newest reviews']);
  });

  it('follows the language in <html lang>, the Atom feed and the badge', () => {
    expect(read(de, 'index.html')).toMatch(/^<!DOCTYPE html><html lang="de">/);
    expect(read(en, 'index.html')).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(read(de, 'feed.xml')).toContain('<title>Brightwater Haustechnik GmbH: neueste Bewertungen</title>');
    expect(read(de, 'badge.svg')).toContain('aria-label="Bewertungen: 4,2 von 5 Sternen aus 640 Bewertungen"');
  });

  it('builds a language without a catalogue in English, with a warning that names it', () => {
    expect(plRun.stderr).toContain('warning: business.json: language "pl" has no interface catalogue');
    expect(read(pl, 'index.html')).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(read(pl, 'index.html')).toContain('Newest reviews');
    // the reviews themselves are still the business's: the JSON-LD says they are Polish
    expect(read(pl, 'index.html')).toContain('"inLanguage":"pl"');
    expect(read(pl, 'index.html')).toContain('<div class="text" lang="pl">');
    // on the German page only the review written in English, which Google translated into German, says so
    expect(read(de, 'index.html').match(/<div class="text" lang="[^"]*"/g)).toEqual(['<div class="text" lang="en"']);
  });

  it("says how the insights were read in the page's language, with the same figures", () => {
    const line = (out: string) => /<p class="muted method">([^<]*)<\/p>/.exec(read(out, 'index.html'))?.[1];
    expect(line(de)).toMatch(/^Von einer automatischen Auswertung gelesen: In echten Bewertungen auf Deutsch findet sie etwa \d von 10 Punkten/);
    expect(line(en)).toMatch(/^Read by an automatic analyser: on real reviews in German it finds about \d in 10 of the points a person finds/);
    expect(line(de)?.match(/\d+/g)).toEqual(line(en)?.match(/\d+/g));
  });
});
