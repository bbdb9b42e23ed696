// The hub's settings: rows in the format of ./table.ts.

import { type Env, fail, flag, integer, readTable, secret, setting, text, type ValuesOf } from './table.ts';

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
  HUB_VERIFY_TIMEOUT_MS: setting('verifyTimeoutMs', integer(1), '5000', 'time a callback has to answer a verification (or denial) GET, connection included'),
  HUB_DELIVERY_TIMEOUT_MS: setting('deliveryTimeoutMs', integer(1), '10000', 'time a callback has to acknowledge a delivery'),
  HUB_CONNECT_TIMEOUT_MS: setting('connectTimeoutMs', integer(1), '3000', 'time to open the connection (TCP and TLS) to a callback, within the timeouts above'),
  HUB_SLOW_HOST_TIMEOUT_MS: setting(
    'slowHostTimeoutMs',
    integer(1),
    '2000',
    'timeout instead of the two above for a callback host whose last request timed out, until it answers one in time',
  ),
  HUB_DELIVERY_CONCURRENCY: setting('deliveryConcurrency', integer(1), '32', 'deliveries in flight at once'),
  HUB_VERIFY_CONCURRENCY: setting('verifyConcurrency', integer(1), '16', 'verification GETs in flight at once'),
  HUB_PER_HOST_CONCURRENCY: setting(
    'perHostConcurrency',
    integer(1),
    '2',
    'verifications, and separately deliveries, in flight at once to one callback host (the second only while a ' +
      'quarter of the slots are free); hosts take turns, and hosts that timed out share a quarter of the slots',
  ),
  HUB_MAX_PENDING_PER_HOST: setting(
    'maxPendingPerHost',
    integer(1),
    '20',
    'verifications waiting for one callback host; past it a subscribe or unsubscribe gets 429',
  ),
  HUB_MAX_PENDING: setting('maxPending', integer(1), '1000', 'verifications waiting in total; past it a subscribe or unsubscribe gets 429'),
  HUB_MAX_SUBSCRIPTIONS_PER_HOST: setting(
    'maxSubscriptionsPerHost',
    integer(1),
    '10',
    'active subscriptions (one per callback and topic) on one callback host; past it a new subscribe gets 429, and one verified meanwhile is not activated',
  ),
  HUB_MAX_SUBSCRIPTIONS: setting(
    'maxSubscriptions',
    integer(1),
    '100',
    'active subscriptions in total; past it a new subscribe gets 429, and one verified meanwhile is not ' +
      'activated, unless its callback host holds less than its fair share (this total divided by the hosts ' +
      'holding subscriptions): then it takes the place of the newest subscription of the host holding the ' +
      'most, which is sent hub.mode=denied. A publish costs at most this many deliveries of the largest topic',
  ),
  HUB_SUBREQUESTS_PER_ALARM: setting(
    'subrequestsPerAlarm',
    integer(1),
    '45',
    "Worker only: outbound requests one alarm of the hub's Durable Object makes before it hands the rest to the " +
      'next alarm. Cloudflare allows 50 subrequests per invocation on the Free plan, 10,000 on the Paid plan',
  ),
  HUB_MAX_RESPONSE_BYTES: setting('maxResponseBytes', integer(1024), '65536', 'most bytes read from any callback response'),
  HUB_SUBSCRIBE_RATE_PER_MIN: setting(
    'subscribeRatePerMin',
    integer(1),
    '10',
    'subscribe/unsubscribe requests per callback host per minute (also the burst); over it: 429 with `Retry-After`',
  ),
  HUB_PUBLISH_RATE_PER_MIN: setting(
    'publishRatePerMin',
    integer(1),
    '12',
    'anonymous `hub.mode=publish` pings per minute, all senders together; over it: 429 (pings from the same machine and signed pings are not counted)',
  ),
  HUB_PUBLISH_SECRET: secret(
    setting(
      'publishSecret',
      text,
      '',
      'shared secret for signed publish pings: `npm run publish` signs with it, and the hub honours a signed ping ' +
        "outside the anonymous limit. Keep it out of logs; empty: only the same machine's pings are the operator's",
    ),
  ),
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
  // Checked here rather than by the row's parser, whose message would quote the value.
  if (settings.publishSecret !== '' && settings.publishSecret.length < 16)
    throw new Error('Setting HUB_PUBLISH_SECRET must be at least 16 characters (or empty)');
  return settings;
}
