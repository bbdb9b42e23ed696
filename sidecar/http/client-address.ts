import type { Context } from 'hono';

/**
 * Who is calling, as the runtime's adapter tells it from a request's context (Hono's
 * getConnInfo of that runtime), or undefined when it cannot tell (a request made in process).
 * The hub and MCP take this one shape; each runtime's wiring passes its own.
 */
export type ClientAddress = (c: Context) => string | undefined;
