// English, the source catalogue: its messages are in ../english-messages.ts.
import type { Catalogue } from '../catalogue.ts';
import { messages } from '../english-messages.ts';

export const en: Catalogue = { language: 'en', messages };
