import { describe, expect, it } from 'vitest';
import { forbiddenReason, v6Groups } from '../../sidecar/hub/address.ts';
import { parseHubForm } from '../../sidecar/hub/request.ts';
import { withHubParams } from '../../sidecar/hub/verify.ts';
import { readHubSettings } from '../../src/settings/hub.ts';

describe('forbiddenReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::', 'loopback'],
  ])('%s is refused (%s)', (address, reason) => {
    expect(forbiddenReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is public',
    (address) => {
      expect(forbiddenReason(address)).toBeUndefined();
    },
  );

  it('parses IPv6 forms', () => {
    expect(v6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(v6Groups('1::8')).toEqual([1, 0, 0, 0, 0, 0, 0, 8]);
    expect(v6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(v6Groups('1::2::3')).toBeUndefined();
    expect(v6Groups('1:2:3:4:5:6:7')).toBeUndefined();
  });
});

describe('request parsing', () => {
  const settings = readHubSettings({});
  const topics = ['https://site.example/feed.xml'];
  const form = (fields: Record<string, string>) => parseHubForm(new URLSearchParams(fields), topics, settings);

  it('normalises the callback and ignores unknown fields', () => {
    const parsed = form({ 'hub.mode': 'subscribe', 'hub.callback': 'https://EXAMPLE.com:443/cb?a=1', 'hub.topic': topics[0] as string, foo: 'bar' });
    expect(parsed).toEqual({
      ok: true,
      request: {
        kind: 'subscription',
        mode: 'subscribe',
        callback: 'https://example.com/cb?a=1',
        callbackHost: 'example.com',
        topic: topics[0],
        leaseSeconds: 864000,
        secret: null,
      },
    });
  });

  it('clamps a short lease up to the minimum', () => {
    const parsed = form({ 'hub.mode': 'subscribe', 'hub.callback': 'https://example.com/cb', 'hub.topic': topics[0] as string, 'hub.lease_seconds': '5' });
    expect(parsed.ok && parsed.request.kind === 'subscription' && parsed.request.leaseSeconds).toBe(3600);
  });
});

describe('withHubParams', () => {
  it('appends to the callback query string', () => {
    expect(withHubParams('https://x.example/cb', { 'hub.mode': 'denied' })).toBe('https://x.example/cb?hub.mode=denied');
    expect(withHubParams('https://x.example/cb?a=1', { 'hub.mode': 'denied' })).toBe('https://x.example/cb?a=1&hub.mode=denied');
    expect(withHubParams('https://x.example/cb?', { 'hub.mode': 'denied' })).toBe('https://x.example/cb?hub.mode=denied');
  });
});

describe('settings', () => {
  it('rejects inconsistent lease limits and bad numbers', () => {
    expect(() => readHubSettings({ HUB_LEASE_MIN_S: '100', HUB_LEASE_DEFAULT_S: '50', HUB_LEASE_MAX_S: '200' })).toThrow(/LEASE/);
    expect(() => readHubSettings({ HUB_RETRY_BASE_MS: 'soon' })).toThrow(/HUB_RETRY_BASE_MS/);
    expect(() => readHubSettings({ HUB_ALLOW_PRIVATE_CALLBACKS: 'yes' })).toThrow(/0 or 1/);
  });
});
