// Worker-thread entry of the hub engine. Messages in: 'wake' (rows were queued), or 'stop'.
// Messages out: { log } lines, { storeFailure } when the database file is unusable,
// { subscriptions: true } when a subscription changed, and
// { stopped: true } once the engine has let go of everything.
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine, type EngineInit } from './engine.ts';

const port = parentPort;
if (port === null) throw new Error('engine-worker.ts runs as a worker thread');

const engine = createEngine(workerData as EngineInit, {
  log: (log) => port.postMessage({ log }),
  storeFailed: (error) => {
    const { code, message } = error as { code?: unknown; message?: unknown };
    port.postMessage({ storeFailure: { code: typeof code === 'string' ? code : undefined, message: String(message) } });
  },
  subscriptionsChanged: () => port.postMessage({ subscriptions: true }),
});
engine.start();
port.on('message', (message: 'wake' | 'stop') => {
  if (message !== 'stop') return engine.wake();
  void engine.stop().then(() => {
    port.postMessage({ stopped: true });
    port.close();
  });
});
