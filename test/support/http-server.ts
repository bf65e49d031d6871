/**
 * A real HTTP server on 127.0.0.1 for the client's tests (kernel, UI, plugins), answering with a scripted handler and
 * recording every request it receives.
 * @internal
 * @module
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request as the test server received it. */
export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** Raw body text ('' when none was sent). */
  body: string
}

/** What the handler answers. `raw` is sent as is (for non-JSON bodies); `hang` never answers. */
export interface ScriptedResponse {
  status?: number
  json?: unknown
  raw?: string
  hang?: boolean
  delayMs?: number
}

/** A running test server. */
export interface TestServer {
  url: string
  requests: RecordedRequest[]
  handler: (req: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>
  close(): Promise<void>
}

/**
 * Starts a test server.
 * @param handler - answers each request; may be replaced later through `server.handler`.
 * @returns the running server.
 * @example
 * ```ts
 * const server = await startTestServer(() => ({ json: { ok: true } }))
 * await fetch(server.url + '/x')
 * await server.close()
 * ```
 */
export async function startTestServer(
  handler: TestServer['handler'] = () => ({ json: {} }),
): Promise<TestServer> {
  const requests: RecordedRequest[] = []
  const ts: TestServer = {
    url: '',
    requests,
    handler,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections()
        http.close(() => resolve())
      }),
  }
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const rec: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(rec)
      const answer = await ts.handler(rec)
      if (answer.hang) return
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs))
      const text = answer.raw ?? JSON.stringify(answer.json ?? {})
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.raw !== undefined ? 'text/html' : 'application/json',
      })
      res.end(text)
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  ts.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  return ts
}
