// The slice of workerd's Durable Object API that MCP's objects use (types of the runtime;
// @cloudflare/workers-types is not a dependency).
import type { DurableObjectNamespaceLike } from './bindings.ts';

export interface DurableStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  put(entries: Record<string, unknown>): Promise<void>;
  deleteAll(): Promise<void>;
  setAlarm(scheduledTime: number): Promise<void>;
  deleteAlarm(): Promise<void>;
}

export interface DurableStateLike {
  readonly storage: DurableStorageLike;
}

/** The stub of the object named `name` in `namespace`. */
export function objectNamed(namespace: DurableObjectNamespaceLike, name: string): { fetch(request: Request): Promise<Response> } {
  return namespace.get(namespace.idFromName(name));
}
