// What every hub suite sets up the same way: one HTTPS subscriber (and the CA it trusts)
// started once per file, and the hubs a test opened, closed after it.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { makeTestPki, type TestPki } from '../pki.ts';
import { type Subscriber, startSubscriber } from './subscriber.ts';

export interface HubSuite<H> {
  pki: TestPki;
  sub: Subscriber;
  /** Hubs to close after the test. */
  open: H[];
}

export function hubSuite<H extends { close(): Promise<void> }>(): HubSuite<H> {
  const suite = { open: [] } as unknown as HubSuite<H>;
  beforeAll(async () => {
    suite.pki = makeTestPki();
    suite.sub = await startSubscriber(suite.pki);
  });
  afterAll(() => suite.sub.close());
  afterEach(async () => {
    await Promise.all(suite.open.splice(0).map((h) => h.close()));
  });
  return suite;
}
