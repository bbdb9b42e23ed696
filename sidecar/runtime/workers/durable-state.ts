// The slice of workerd's Durable Object API that MCP's objects use (types of the runtime;
// @cloudflare/workers-types is not a dependency).

export interface SqlCursorLike {
  toArray(): Record<string, unknown>[];
}

export interface DurableStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  put(entries: Record<string, unknown>): Promise<void>;
  deleteAll(): Promise<void>;
  getAlarm(): Promise<number | null>;
  setAlarm(scheduledTime: number): Promise<void>;
  deleteAlarm(): Promise<void>;
  sql: { exec(query: string, ...bindings: unknown[]): SqlCursorLike };
}

export interface DurableStateLike {
  readonly storage: DurableStorageLike;
  waitUntil(promise: Promise<unknown>): void;
}

export interface DurableStubLike {
  fetch(request: Request): Promise<Response>;
}

export interface DurableNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): DurableStubLike;
}

/** The stub of the object named `name` in `namespace`. */
export function objectNamed(namespace: DurableNamespaceLike, name: string): DurableStubLike {
  return namespace.get(namespace.idFromName(name));
}
