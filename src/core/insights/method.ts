// How the insights were read and how accurately, as `npm run eval:insights` last measured it
// (method.json, committed): the build publishes it and never measures anything itself.
import type { InsightsMethod } from '../schemas/insights.ts';
import METHOD from './method.json' with { type: 'json' };

export const INSIGHTS_METHOD: InsightsMethod = METHOD;
