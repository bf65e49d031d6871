/**
 * Keep-alive timing of the API's HTTP server, the same in production, development and tests.
 * @module
 */
import type { Server } from 'node:http'

/** How long an idle keep-alive connection stays open: longer than the 60 s idle time of common load balancers and proxies. */
export const KEEP_ALIVE_MS = 65_000

/**
 * Keeps idle keep-alive connections open for {@link KEEP_ALIVE_MS}. With Node's default of 5 s, a
 * proxy (or any client) that reuses a connection just as the server closes it gets a reset
 * instead of an answer; the side that keeps connections longer must be the server.
 * @param http - the HTTP server.
 * @example
 * ```ts
 * keepConnectionsAlive(createServer(handler))
 * ```
 */
export function keepConnectionsAlive(http: Server): void {
  http.keepAliveTimeout = KEEP_ALIVE_MS
  // Node closes a connection whose next request's headers take longer than this: keep it above the idle time.
  http.headersTimeout = KEEP_ALIVE_MS + 1000
}
