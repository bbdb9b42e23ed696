// The form a subscriber or publisher POSTs to the WebSub hub: described here for the OpenAPI
// document and the API page, and parsed by sidecar/hub/request.ts with these same limits.
import { z } from 'zod';

export const HUB_MODES = ['subscribe', 'unsubscribe', 'publish'] as const;
export const HUB_CALLBACK_MAX_LENGTH = 2048;
/** WebSub §5.1: hub.secret MUST be less than 200 bytes. */
export const HUB_SECRET_MAX_BYTES = 199;

/** POST /api/websub/hub, application/x-www-form-urlencoded (WebSub §5.1, plus the publish ping). */
export const HubFormSchema = z.object({
  'hub.mode': z.enum(HUB_MODES).describe('subscribe or unsubscribe (a subscriber), publish (the publisher pinging the hub)'),
  'hub.topic': z
    .url()
    .optional()
    .describe('Topic URL: /feed.xml, /api/feed.json or /reviews.json. Required to subscribe or unsubscribe; with publish, names a changed topic'),
  'hub.callback': z
    .url()
    .max(HUB_CALLBACK_MAX_LENGTH)
    .optional()
    .describe('HTTPS URL the hub verifies and delivers to, without a fragment or user info. Required to subscribe or unsubscribe'),
  'hub.lease_seconds': z
    .int()
    .min(1)
    .optional()
    .describe('Lease wanted; the hub clamps it to its minimum and maximum and says which it granted in the verification GET'),
  'hub.secret': z.string().min(1).max(HUB_SECRET_MAX_BYTES).optional().describe('Secret (under 200 bytes) for the X-Hub-Signature HMAC of each delivery'),
  'hub.url': z.url().optional().describe('publish only: a changed topic URL (same as hub.topic; may be repeated)'),
});
