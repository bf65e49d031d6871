/**
 * Serves the bank-transfer funding example: a Portico API (in-memory PGlite, the dev inbox, the email
 * login) with an app whose login is email, and the host page built with esbuild, styled by the
 * package's shipped stylesheet (`portico/styles.css`) alone (`startHostApp` of `portico/testing`).
 *
 * Run it with `npx tsx examples/funding-skeleton/page/serve.ts` and open the page it prints; the
 * login codes are at `<api>/dev/inbox`.
 * @module
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { emailServer } from 'portico/plugins/email/server'
import { startHostApp, type RunningHostApp } from 'portico/testing'

const HERE = dirname(fileURLToPath(import.meta.url))

/**
 * Starts the API and the page on free ports of 127.0.0.1 (or the given ones).
 * @param ports - `page` and `api`; 0 picks a free port. @defaultValue both 0
 * @returns the running example.
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
    title: 'Funding example',
    plugins: [emailServer()],
    app: { name: 'Harbor', settings: { loginMethods: ['email_auth'] } },
    ports,
  })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const example = await startExample({ page: Number(process.env.PORT ?? 0), api: Number(process.env.API_PORT ?? 0) })
  console.log(`Page: ${example.pageUrl}\nAPI:  ${example.apiUrl}\nLogin codes: ${example.apiUrl}/dev/inbox`)
}
