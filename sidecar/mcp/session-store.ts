/**
 * Where the 2025 sessions live, behind one interface: the requests of a session always reach
 * the one place that holds it. In this heap (legacy.ts's heapSessions: every session of a
 * Node sidecar, or the one session of a Workers Durable Object), or elsewhere by id (the
 * Worker's adapter in sidecar/runtime/cloudflare/, which forwards to the session's object).
 * The transport rules that need no session (a missing Mcp-Session-Id, GET without one)
 * are answered before a store is asked (legacy.ts, legacyEndpoint).
 */
export interface SessionStore {
  /** Opens a session for a well-formed initialize request from `client`. */
  open(req: Request, message: unknown, client: string): Promise<Response>;
  /** A POST on the session `id` (404 when it ended or never existed). */
  post(id: string, req: Request, message: unknown): Promise<Response>;
  /** GET: the session's stream. */
  stream(id: string, req: Request): Promise<Response>;
  /** DELETE: ends the session. */
  end(id: string, req: Request): Promise<Response>;
}
