/**
 * DEVELOPMENT STAND-INS that `npm start` runs next to the API so its demo app offers every login
 * method without an account anywhere: an OpenID Connect identity provider that the demo's Google
 * login points at (`oidc.ts`), a Farcaster relay, Farcaster app and ID registry (`farcaster.ts`), and
 * Telegram's Login Widget (`telegram.ts`). Each page they show says it is a stand-in. Production
 * (`portico serve`) starts none of them.
 * @module
 */
import { startFarcasterStandIn, type FarcasterDevUser } from './farcaster'
import { startOidcProvider } from './oidc'
import { startTelegramStandIn, type WidgetUser } from './telegram'

/** Options of {@link startDevStandIns}. */
export interface DevStandInOptions {
  /** The development Telegram bot (its token signs the stand-in's widget results). */
  telegramBot: { botId: string; botName: string; botToken: string }
  /** The development Farcaster user; its custody key signs in through the stand-in's Farcaster app. */
  farcasterUser: FarcasterDevUser
  /** Start the Farcaster stand-in (false when the environment names other Farcaster endpoints). @defaultValue true */
  farcaster?: boolean
  /** Port of the identity provider. @defaultValue 0 (any free port) */
  oidcPort?: number
}

/** The running stand-ins. */
export interface DevStandIns {
  /** The identity provider's issuer URL. */
  oidcIssuer: string
  /** Registers the demo app's OAuth client at the identity provider (its callback URL). */
  registerOAuthClient(client: { clientId: string; clientSecret: string; redirectUri: string }): Promise<void>
  /** The Farcaster endpoints, when started: relay and signer API, and the Optimism JSON-RPC. */
  farcaster: { relayUrl: string; signerApiUrl: string; optimismRpcUrl: string } | null
  /** The Telegram widget script to load instead of Telegram's. */
  telegramScriptUrl: string
  /** Stops them all. */
  close(): Promise<void>
}

/** The Telegram user the development widget signs in. */
export const DEV_TELEGRAM_USER: WidgetUser = { id: 424242, first_name: 'Dev', last_name: 'Telegram', username: 'dev_telegram' }

/**
 * Starts the development stand-ins on 127.0.0.1.
 * @param options - the development bot and Farcaster user.
 * @returns the running stand-ins.
 * @example
 * ```ts
 * const dev = await startDevStandIns({ telegramBot, farcasterUser })
 * console.log(dev.oidcIssuer)
 * await dev.close()
 * ```
 */
export async function startDevStandIns(options: DevStandInOptions): Promise<DevStandIns> {
  const oidc = await startOidcProvider({
    port: options.oidcPort ?? 0,
    title: 'Development identity provider: a local stand-in for Google',
  })
  const farcaster = options.farcaster === false ? null : await startFarcasterStandIn({ devUser: options.farcasterUser })
  const telegram = await startTelegramStandIn({ bot: options.telegramBot, user: DEV_TELEGRAM_USER })
  return {
    oidcIssuer: oidc.issuer,
    registerOAuthClient: (c) => oidc.registerClient({ clientId: c.clientId, clientSecret: c.clientSecret, redirectUris: [c.redirectUri] }),
    farcaster: farcaster ? { relayUrl: farcaster.url, signerApiUrl: farcaster.url, optimismRpcUrl: `${farcaster.url}/optimism` } : null,
    telegramScriptUrl: telegram.scriptUrl,
    close: async () => {
      await Promise.all([oidc.close(), farcaster?.close(), telegram.close()])
    },
  }
}
