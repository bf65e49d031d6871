/**
 * Serves the testing-kit example as a host app's test setup would: a Portico API in development mode
 * (in-memory PGlite, the dev inbox, the email, SIWE, SIWS and embedded-wallet plugins) with one app whose test
 * identity signs in with a fixed code, and the host page, bundled with esbuild and styled by the
 * package's shipped stylesheet (`startHostApp` of `portico/testing`).
 *
 * Run it with `npx tsx examples/testing-kit/page/serve.ts` and open the page it prints.
 * @module
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateEncryptionKey } from 'portico/server'
import { embeddedWalletsServer } from 'portico/plugins/embedded-wallets/server'
import { emailServer } from 'portico/plugins/email/server'
import { siweServer } from 'portico/plugins/siwe/server'
import { siwsServer } from 'portico/plugins/siws/server'
import { startHostApp as startHost, type RunningHostApp } from 'portico/testing'

const HERE = dirname(fileURLToPath(import.meta.url))

/** The app's test identity: this address signs in with this code, and no mail is sent. */
export const TEST_IDENTITY = { email: 'test-1234@example.com', code: '424242' }

/**
 * Starts the API and the page on free ports of 127.0.0.1.
 * @returns the running example.
 * @example
 * ```ts
 * const app = await startHostApp()
 * console.log(app.pageUrl)
 * await app.close()
 * ```
 */
export function startHostApp(): Promise<RunningHostApp> {
  return startHost({
    entry: join(HERE, 'main.tsx'),
    title: 'Testing kit example',
    // The embedded wallets' sealing keys are made up for this run: its wallets die with it.
    plugins: [emailServer(), siweServer(), siwsServer(), embeddedWalletsServer({ shareKeys: generateEncryptionKey(), recoveryKeys: generateEncryptionKey() })],
    app: {
      name: 'Testing Kit Example',
      settings: { loginMethods: ['email_auth', 'wallet_auth', 'solana_wallet_auth'] },
      testIdentities: [TEST_IDENTITY],
    },
  })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const app = await startHostApp()
  console.log(`Page: ${app.pageUrl}\nAPI:  ${app.apiUrl}\nInbox: ${app.apiUrl}/dev/inbox`)
}
