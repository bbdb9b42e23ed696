// The whole table of private and reserved callback hosts, refused by the shared check and by
// both runtimes at subscribe time (the Worker has only the shared check; Node also resolves).
import { describe, expect, it } from 'vitest';
import { hostRefusal } from '../../sidecar/hub/address.ts';
import { resolveCallbackHost } from '../../sidecar/runtime/node/hub/outbound.ts';
import { PRIVATE_CALLBACK_HOSTS, PUBLIC_CALLBACK_HOSTS } from '../helpers/hub/private-callbacks.ts';
import { HUB_RUNTIMES } from '../helpers/hub/runtimes.ts';
import { hubSuite } from '../helpers/hub/suite.ts';
import type { HubUnderTest } from '../helpers/hub/worker-hub.ts';

const hostOf = (host: string) => new URL(`https://${host}/cb`).hostname;

describe('the shared address check', () => {
  it.each(PRIVATE_CALLBACK_HOSTS)('refuses %s (%s)', (host) => {
    expect(hostRefusal(hostOf(host))).toBeDefined();
  });

  it.each(PUBLIC_CALLBACK_HOSTS)('lets %s through', (host) => {
    expect(hostRefusal(hostOf(host))).toBeUndefined();
  });

  it.each(PRIVATE_CALLBACK_HOSTS.filter(([host]) => /^[[\d]/.test(host) && !host.endsWith('.')))('Node refuses to connect to %s (%s)', async (host) => {
    await expect(resolveCallbackHost(hostOf(host), false, 1000)).rejects.toThrow();
  });
});

const suite = hubSuite<HubUnderTest>();

describe.each(HUB_RUNTIMES)('subscribe on $name', (runtime) => {
  it('answers 400 for every private or reserved callback and contacts none', async () => {
    const h = await runtime.start(suite.pki, { HUB_ALLOW_PRIVATE_CALLBACKS: '0' });
    suite.open.push(h);
    const wrong: string[] = [];
    for (const [host, what] of PRIVATE_CALLBACK_HOSTS) {
      const res = await h.post({ 'hub.mode': 'subscribe', 'hub.callback': `https://${host}/cb`, 'hub.topic': h.urls.reviews });
      const text = await res.text();
      if (res.status !== 400 || !/refused/.test(text)) wrong.push(`${host} (${what}): ${res.status} ${text}`);
    }
    expect(wrong).toEqual([]);
  });
});
