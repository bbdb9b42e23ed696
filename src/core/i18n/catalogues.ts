// Every interface language there is a catalogue for. Adding one: write catalogues/<code>.ts
// (test/i18n/catalogues.test.ts fails until every key is there) and list it here.
import type { Catalogue } from './catalogue.ts';
import { en } from './catalogues/en.ts';

export const CATALOGUES: Readonly<Record<string, Catalogue>> = { en };
