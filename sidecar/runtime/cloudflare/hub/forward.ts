// The Worker entry's hub path: every request goes to the one HubObject (hub/object.ts).

import { answerResponse } from '../../../hub/routes.ts';
import type { WorkerEnv } from '../bindings.ts';
import { objectNamed } from '../object-stub.ts';
import { UNREACHABLE_ANSWER, unreachableLogLine } from './store-failure.ts';

/** The name of the one hub instance. */
const HUB_NAME = 'hub';

/** When this isolate last logged that the hub's object could not be reached: once a minute is enough. */
let unreachableToldAt = 0;

/**
 * One request to the hub's object. One that cannot answer
 * at all (it failed to start) is a 503 with Retry-After too; the rest of the Worker is unaffected.
 */
export async function forwardToHub(request: Request, env: WorkerEnv): Promise<Response> {
  try {
    return await objectNamed(env.HUB, HUB_NAME).fetch(request);
  } catch (error) {
    if (Date.now() - unreachableToldAt > 60_000) {
      unreachableToldAt = Date.now();
      console.error(unreachableLogLine(error));
    }
    return answerResponse(UNREACHABLE_ANSWER);
  }
}
