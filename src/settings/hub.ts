// The hub's settings: rows in the format of ./table.ts.

import { type Env, fail, flag, integer, readTable, setting, text, type ValuesOf } from './table.ts';

export const HUB_SETTINGS = {
  HUB_DB: setting(
    'dbPath',
    (raw) => (raw === ':memory:' ? fail('be a file: the hub engine opens it from a second thread') : raw),
    'data/hub.sqlite',
    'SQLite file of the WebSub hub: subscriptions, pending verifications, the delivery queue (its folder is created)',
  ),
  HUB_ALLOW_PRIVATE_CALLBACKS: setting(
    'allowPrivateCallbacks',
    flag,
    '0',
    '`1` allows callbacks on loopback, private and link-local addresses. **For local testing only**: it lets strangers make the hub call internal services',
  ),
  HUB_LEASE_DEFAULT_S: setting(
    'leaseDefaultS',
    integer(1),
    String(10 * 24 * 3600),
    'lease when a subscriber sends no `hub.lease_seconds`',
    '`864000` (10 days)',
  ),
  HUB_LEASE_MIN_S: setting('leaseMinS', integer(1), '3600', 'shortest lease granted; shorter requests are raised to it'),
  HUB_LEASE_MAX_S: setting('leaseMaxS', integer(1), String(30 * 24 * 3600), 'longest lease granted; longer requests are lowered to it', '`2592000` (30 days)'),
  HUB_RETRY_BASE_MS: setting('retryBaseMs', integer(1), '60000', 'wait before retrying a failed delivery; doubled after each further failure'),
  HUB_VERIFY_TIMEOUT_MS: setting('verifyTimeoutMs', integer(1), '10000', 'time a callback has to answer a verification (or denial) GET'),
  HUB_DELIVERY_TIMEOUT_MS: setting('deliveryTimeoutMs', integer(1), '10000', 'time a callback has to acknowledge a delivery'),
  HUB_DELIVERY_CONCURRENCY: setting('deliveryConcurrency', integer(1), '32', 'deliveries in flight at once'),
  HUB_VERIFY_CONCURRENCY: setting('verifyConcurrency', integer(1), '8', 'verification and denial GETs in flight at once'),
  HUB_MAX_RESPONSE_BYTES: setting('maxResponseBytes', integer(1024), '65536', 'most bytes read from any callback response'),
  HUB_SUBSCRIBE_RATE_PER_MIN: setting(
    'subscribeRatePerMin',
    integer(1),
    '10',
    'subscribe/unsubscribe requests per callback host per minute (also the burst); over it: 429 with `Retry-After`',
  ),
  HUB_PUBLISH_RATE_PER_MIN: setting('publishRatePerMin', integer(1), '12', '`hub.mode=publish` pings per minute, all senders together; over it: 429'),
  NODE_EXTRA_CA_CERTS: setting(
    'extraCaFile',
    text,
    '',
    'PEM file of CA certificates trusted for HTTPS callbacks and sync API requests besides the system CAs (tests use their own CA)',
  ),
};

export type HubSettingName = keyof typeof HUB_SETTINGS;

export type HubSettings = ValuesOf<typeof HUB_SETTINGS>;

export function readHubSettings(env: Env): HubSettings {
  const settings = readTable(HUB_SETTINGS, env);
  const { leaseMinS, leaseDefaultS, leaseMaxS } = settings;
  if (!(leaseMinS <= leaseDefaultS && leaseDefaultS <= leaseMaxS)) {
    throw new Error(`Settings must satisfy HUB_LEASE_MIN_S <= HUB_LEASE_DEFAULT_S <= HUB_LEASE_MAX_S, got ${leaseMinS}, ${leaseDefaultS}, ${leaseMaxS}`);
  }
  return settings;
}
