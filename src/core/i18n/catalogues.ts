// Every interface language there is a catalogue for. Adding one: write catalogues/<code>.ts
// (tsc and test/i18n/catalogues.test.ts fail until every key is there) and list it here.
import type { Catalogue } from './catalogue.ts';
import { de } from './catalogues/de.ts';
import { en } from './catalogues/en.ts';
import { es } from './catalogues/es.ts';
import { fr } from './catalogues/fr.ts';
import { it } from './catalogues/it.ts';
import { nl } from './catalogues/nl.ts';

export const CATALOGUES: Readonly<Record<string, Catalogue>> = { de, en, es, fr, it, nl };
