// The runtimes a hub suite runs against: the in-process Node hub and the hub's Durable Object
// under preview:worker. The policies live in the runtime-free core (sidecar/hub/), so the same
// tests hold in both.
import type { TestPki } from '../pki.ts';
import { CONNECTIONS_PER_INVOCATION } from '../../../sidecar/runtime/cloudflare/hub/outbound.ts';
import { startTestHub } from './harness.ts';
import { type HubUnderTest, startWorkerHub } from './worker-hub.ts';

export interface HubRuntime {
  name: string;
  /** `peer`: where the hub sees requests come from, where the runtime can tell (harness.ts). */
  start(pki: TestPki, env?: Record<string, string>, peer?: 'socket' | string): Promise<HubUnderTest>;
  /** Requests from this machine can be told apart (the Node sidecar knows its sockets). */
  local?: boolean;
  /** Outbound connections the runtime keeps open at once, when it caps them below the hub's lanes. */
  connections?: number;
}

export const HUB_RUNTIMES: HubRuntime[] = [
  { name: 'Node', start: (pki, env, peer) => startTestHub(pki, env, {}, peer).then((h) => ({ ...h, deploy: async () => {} })), local: true },
  { name: 'Worker (Durable Object under wrangler dev)', start: startWorkerHub, connections: CONNECTIONS_PER_INVOCATION },
];
