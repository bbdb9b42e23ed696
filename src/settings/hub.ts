// The hub's settings: a table in the format of ./index.ts, read by the same readers.

import { type Env, type Setting, settingReaders } from './index.ts';

export const HUB_SETTINGS = {
  HUB_DB: { default: 'data/hub.sqlite', help: 'SQLite file holding subscriptions, pending verifications and the delivery queue (its folder is created).' },
  HUB_ALLOW_PRIVATE_CALLBACKS: {
    default: '0',
    help: 'Set to 1 to allow callbacks on loopback, private and link-local addresses. For local testing only: it lets strangers make the hub call internal services.',
  },
  HUB_LEASE_DEFAULT_S: { default: String(10 * 24 * 3600), help: 'Lease given when a subscriber sends no hub.lease_seconds.' },
  HUB_LEASE_MIN_S: { default: '3600', help: 'Shortest lease granted; shorter requests are raised to it.' },
  HUB_LEASE_MAX_S: { default: String(30 * 24 * 3600), help: 'Longest lease granted; longer requests are lowered to it.' },
  HUB_RETRY_BASE_MS: { default: '60000', help: 'Wait before retrying a failed delivery; doubled after each further failure.' },
  HUB_VERIFY_TIMEOUT_MS: { default: '10000', help: 'Time allowed for a callback to answer a verification (or denial) GET.' },
  HUB_DELIVERY_TIMEOUT_MS: { default: '10000', help: 'Time allowed for a callback to acknowledge a content delivery.' },
  HUB_DELIVERY_CONCURRENCY: { default: '32', help: 'Content deliveries in flight at once.' },
  HUB_VERIFY_CONCURRENCY: { default: '8', help: 'Verification and denial GETs in flight at once.' },
  HUB_MAX_RESPONSE_BYTES: { default: '65536', help: 'Most bytes read from any callback response; a longer verification answer fails.' },
  HUB_SUBSCRIBE_RATE_PER_MIN: {
    default: '10',
    help: 'Subscribe and unsubscribe requests accepted per callback host per minute (also the burst size); over it: 429.',
  },
  HUB_PUBLISH_RATE_PER_MIN: { default: '12', help: 'Publish pings accepted per minute, all senders together; over it: 429.' },
  NODE_EXTRA_CA_CERTS: { default: '', help: 'PEM file of extra CA certificates trusted, besides the system CAs, for HTTPS callbacks.' },
} satisfies Record<string, Setting>;

export type HubSettingName = keyof typeof HUB_SETTINGS;

export interface HubSettings {
  dbPath: string;
  allowPrivateCallbacks: boolean;
  leaseDefaultS: number;
  leaseMinS: number;
  leaseMaxS: number;
  retryBaseMs: number;
  verifyTimeoutMs: number;
  deliveryTimeoutMs: number;
  deliveryConcurrency: number;
  verifyConcurrency: number;
  maxResponseBytes: number;
  subscribeRatePerMin: number;
  publishRatePerMin: number;
  extraCaFile: string;
}

export function readHubSettings(env: Env): HubSettings {
  const { text, integer, flag } = settingReaders(HUB_SETTINGS, env);
  const settings: HubSettings = {
    dbPath: text('HUB_DB'),
    allowPrivateCallbacks: flag('HUB_ALLOW_PRIVATE_CALLBACKS'),
    leaseDefaultS: integer('HUB_LEASE_DEFAULT_S', 1),
    leaseMinS: integer('HUB_LEASE_MIN_S', 1),
    leaseMaxS: integer('HUB_LEASE_MAX_S', 1),
    retryBaseMs: integer('HUB_RETRY_BASE_MS', 1),
    verifyTimeoutMs: integer('HUB_VERIFY_TIMEOUT_MS', 1),
    deliveryTimeoutMs: integer('HUB_DELIVERY_TIMEOUT_MS', 1),
    deliveryConcurrency: integer('HUB_DELIVERY_CONCURRENCY', 1),
    verifyConcurrency: integer('HUB_VERIFY_CONCURRENCY', 1),
    maxResponseBytes: integer('HUB_MAX_RESPONSE_BYTES', 1024),
    subscribeRatePerMin: integer('HUB_SUBSCRIBE_RATE_PER_MIN', 1),
    publishRatePerMin: integer('HUB_PUBLISH_RATE_PER_MIN', 1),
    extraCaFile: text('NODE_EXTRA_CA_CERTS'),
  };
  if (settings.dbPath === ':memory:') throw new Error('Setting HUB_DB must be a file: the hub engine opens it from a second thread');
  const { leaseMinS, leaseDefaultS, leaseMaxS } = settings;
  if (!(leaseMinS <= leaseDefaultS && leaseDefaultS <= leaseMaxS)) {
    throw new Error(`Settings must satisfy HUB_LEASE_MIN_S <= HUB_LEASE_DEFAULT_S <= HUB_LEASE_MAX_S, got ${leaseMinS}, ${leaseDefaultS}, ${leaseMaxS}`);
  }
  return settings;
}
