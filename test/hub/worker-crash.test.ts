// The hub's Durable Object under preview:worker killed with SIGKILL (workerd and all) right after
// it answered a publish ping 202: after a restart on the same state, with no request to wake it,
// the subscriber still gets the change. The ping was written down before the answer, and the
// alarm that runs the topic check and the deliveries survives the restart.
import { expect, it } from 'vitest';
import { acknowledge, waitFor } from '../helpers/hub/subscriber.ts';
import { hubSuite } from '../helpers/hub/suite.ts';
import { startWorkerHub } from '../helpers/hub/worker-hub.ts';

const suite = hubSuite<{ close(): Promise<void> }>();

it('delivers a publish answered 202 after workerd is killed right after the answer', async () => {
  const h = await startWorkerHub(suite.pki);
  let worker = h.worker;
  suite.open.push({ close: () => worker.stop() });
  const p = '/worker-crash-publish';
  suite.sub.handle(p, acknowledge);
  expect(await h.subscribe(suite.sub.url(p), h.urls.reviews)).toBe(true);
  h.setContent(h.urls.reviews, '');
  await h.deploy();
  const served = await (await fetch(`${worker.url}/reviews.json`)).text();
  // The subscriber takes the delivery and never answers it: in flight, not done, at the kill.
  suite.sub.handle(p, (req, res) => (req.method === 'POST' ? undefined : acknowledge(req, res)));
  const ping = await h.post({ 'hub.mode': 'publish', 'hub.url': h.urls.reviews });
  expect(ping.status).toBe(202);
  await worker.kill9();
  suite.sub.handle(p, acknowledge);
  const before = suite.sub.requests(p, 'POST').length;
  worker = await worker.restart();
  await waitFor(
    'the change delivered after the restart',
    () =>
      suite.sub
        .requests(p, 'POST')
        .slice(before)
        .some((r) => r.body.toString() === served),
    30_000,
  );
});
