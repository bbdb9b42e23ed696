import type { DurableObjectNamespace } from './types.ts';

/** The stub of the object named `name` in `namespace`, with the one method the Worker calls. */
export function objectNamed(namespace: DurableObjectNamespace, name: string): { fetch(request: Request): Promise<Response> } {
  return namespace.get(namespace.idFromName(name)) as unknown as { fetch(request: Request): Promise<Response> };
}
