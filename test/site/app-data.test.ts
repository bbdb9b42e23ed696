// The MCP App's words: the business's catalogue when its language has one, else the host's
// locale where a catalogue exists (in that locale's formats), else English.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../src/core/i18n/catalogues.ts';
import type { Business } from '../../src/core/schemas/business.ts';
import { appData } from '../../src/core/site/app-data.ts';
import { speaker } from '../../src/mcp-app/view.ts';
import { SAMPLE_CONTENT } from '../helpers/paths.ts';

const sample = JSON.parse(readFileSync(join(SAMPLE_CONTENT, 'business.json'), 'utf8')) as Business;
const data = (language: string, country = 'US') =>
  appData({ ...sample, language, address: { ...sample.address, country } }, 'https://reviews.example/', ['google', 'website'], CATALOGUES);

describe('the app speaks', () => {
  it("the business's language when it has a catalogue, whatever the host's locale", () => {
    const de = data('de', 'DE');
    expect(de.catalogue).toBe('de');
    expect(Object.keys(de.words)).toEqual(['de']);
    const s = speaker(de, 'fr-FR');
    expect([s.lang, s.tag]).toEqual(['de', 'de-DE']);
    expect(s.say('search.more')).toBe('Weitere Bewertungen anzeigen');
    expect(s.count('count.reviews', 2507)).toBe('2.507 Bewertungen');
    expect(s.links.sources.get('website')).toBe(CATALOGUES.de?.messages['source.website']);
  });

  it("the host's locale where the business's language has none, in that locale's formats, else English", () => {
    const pl = data('pl', 'PL');
    expect(pl.catalogue).toBeNull();
    expect(Object.keys(pl.words).sort()).toEqual(Object.keys(CATALOGUES).sort());
    const fr = speaker(pl, 'fr-CA');
    expect([fr.lang, fr.tag, fr.businessLanguage]).toEqual(['fr', 'fr-CA', 'pl']);
    expect(fr.say('search.more')).toBe(CATALOGUES.fr?.messages['search.more']);
    const none = speaker(pl, 'ja-JP');
    expect([none.lang, none.say('search.more')]).toEqual(['en', 'Show more reviews']);
    expect(speaker(pl, undefined).lang).toBe('en');
  });

  it('links technicians, services and areas to their pages on the site', () => {
    const en = data('en');
    const [name, url] = en.technicians[0] as [string, string];
    expect(name).toBe(sample.technicians[0]?.name);
    expect(url).toMatch(/^https:\/\/reviews\.example\/technicians\/[a-z0-9-]+\/$/);
    expect(en.services.map(([id]) => id)).toEqual(sample.services.map((s) => s.id));
  });
});
