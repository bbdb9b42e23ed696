// The store contract (store-contract.ts) inside workerd: a Durable Object with SQLite storage that
// runs it over the hub's adapter (hub/store.ts) and answers what it observed. Bundled and run by
// store-contract.test.ts through Miniflare.
import { durableSql } from '../../../sidecar/runtime/cloudflare/hub/store.ts';
import type { DurableObjectState, DurableObjectStorage } from '../../../sidecar/runtime/cloudflare/types.ts';
import { storeContract } from './store-contract.ts';

export class StoreContract {
  readonly #storage: DurableObjectStorage;
  constructor(ctx: DurableObjectState) {
    this.#storage = ctx.storage;
  }
  fetch(): Response {
    return Response.json(storeContract(durableSql(this.#storage)));
  }
}

interface Namespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}

export default {
  fetch: (request: Request, env: { STORE: Namespace }) => env.STORE.get(env.STORE.idFromName(new URL(request.url).pathname)).fetch(request),
};
