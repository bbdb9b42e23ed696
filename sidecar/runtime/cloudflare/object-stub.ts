import type { DomFetcher, DurableObjectNamespace } from './types.ts';

/** The stub of the object named `name` in `namespace`, with the one method the Worker calls. */
export function objectNamed(namespace: DurableObjectNamespace, name: string): DomFetcher {
  return namespace.get(namespace.idFromName(name)) as unknown as DomFetcher;
}
