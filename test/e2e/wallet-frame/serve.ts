/**
 * Serves the wallet-frame test's host page (an HTML shell and its bundled script) on a port of its own.
 */
import { build } from 'esbuild'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

const HOST_ENTRY = join(import.meta.dirname, 'host.ts')

/** The bundled host script (built once per test file). */
export async function buildHostScript(): Promise<string> {
  const out = await build({ entryPoints: [HOST_ENTRY], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' })
  return out.outputFiles[0]!.text
}

/**
 * Starts a host page server.
 * @param script - the bundled host script.
 * @param hostname - the name in its origin: `127.0.0.1` is the test server's site (a frame from it is
 *   not third-party, so a browser context keeps its storage), `localhost` another site.
 * @returns its origin (`http://<hostname>:<port>`) and a closer.
 */
export async function serveHostPage(script: string, hostname: '127.0.0.1' | 'localhost'): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url === '/host.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    if (req.url === '/' || req.url?.startsWith('/?')) {
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html><head><meta charset="utf-8"><title>Host</title><script type="module" src="/host.js"></script></head><body><div id="export"></div></body></html>')
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://${hostname}:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
