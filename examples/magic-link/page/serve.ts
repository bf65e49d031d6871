/**
 * Serves the magic-link example: a Portico API (in-memory PGlite, the dev inbox, the magic-link
 * plugin) with an app whose only login is the magic link, and the host page built with esbuild,
 * styled by the package's shipped stylesheet (`portico/styles.css`) alone (`startHostApp` of
 * `portico/testing`; every path answers with the page, so the link may open any page of the app).
 *
 * Run it with `npx tsx examples/magic-link/page/serve.ts` and open the page it prints; the links
 * are at `<api>/dev/inbox`.
 * @module
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startHostApp, type RunningHostApp } from 'portico/testing'
import { magicLinkServer, MAGIC_LINK_SWITCH } from '../server'

const HERE = dirname(fileURLToPath(import.meta.url))

/**
 * Starts the API and the page on free ports of 127.0.0.1 (or the given ones).
 * @param ports - `page` and `api`; 0 picks a free port. @defaultValue both 0
 * @returns the running example (its `server` has the clock the expiry tests move).
 * @example
 * ```ts
 * const example = await startExample()
 * console.log(example.pageUrl)
 * await example.close()
 * ```
 */
export function startExample(ports: { page?: number; api?: number } = {}): Promise<RunningHostApp> {
  return startHostApp({
    entry: join(HERE, 'main.tsx'),
    title: 'Magic link example',
    plugins: [magicLinkServer()],
    app: { name: 'Magic Link Example', settings: { loginMethods: [MAGIC_LINK_SWITCH] } },
    ports,
  })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const example = await startExample({ page: Number(process.env.PORT ?? 0), api: Number(process.env.API_PORT ?? 0) })
  console.log(`Page: ${example.pageUrl}\nAPI:  ${example.apiUrl}\nLinks: ${example.apiUrl}/dev/inbox`)
}
