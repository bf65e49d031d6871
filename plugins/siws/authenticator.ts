/**
 * The `solana` wallet authenticator: asks for a nonce, builds the SIWS message, has the wallet sign it
 * and sends it to authenticate or link. Loaded on first use, so the plugin's entry stays small.
 * @module
 */
import type { PluginContext } from '../../kernel/plugin'
import type { ConnectedWallet, WalletAuthenticator, WalletConnector } from '../wallets'
import type { AuthenticatedUser, LoginMode, User } from '../../kernel/wire'
import { siwsRoutes } from './api'
import { buildSiwsMessage } from './message'

/** Where the message says it comes from: the page's host and origin. */
export interface SiwsPage {
  /** `location.host`. */
  host: string
  /** `location.origin`. */
  origin: string
}

/** What the authenticator needs besides the context. */
export interface SiwsAuthenticatorOptions {
  /** The page the message names. @defaultValue the current `location` */
  page?: () => SiwsPage
  /** The clock for `Issued At`. @defaultValue Date.now */
  now?: () => number
}

/**
 * Builds the `solana` authenticator the registry calls after a Solana wallet connects. It returns the
 * server's answers as they are: the caller finishes them with `ctx.authenticate` / `ctx.link`.
 * @param ctx - the SIWS plugin's context (API client and captcha step).
 * @param options - page and clock, for tests.
 * @returns the authenticator.
 * @example
 * ```ts
 * import { createSiwsAuthenticator } from 'portico/plugins/siws/authenticator'
 * import { walletsOf } from 'portico/plugins/wallets'
 * walletsOf(ctx).addAuthenticator(createSiwsAuthenticator(ctx))
 * ```
 */
export function createSiwsAuthenticator(
  ctx: Pick<PluginContext, 'api' | 'beginLogin'>,
  options: SiwsAuthenticatorOptions = {},
): WalletAuthenticator {
  const page = options.page ?? (() => ({ host: location.host, origin: location.origin }))
  const now = options.now ?? Date.now

  async function sign(wallet: ConnectedWallet, connector: WalletConnector, token: string | undefined) {
    const init = await ctx.api.request(siwsRoutes.init, { address: wallet.address, ...(token ? { token } : {}) })
    const { host, origin } = page()
    const message = buildSiwsMessage({
      domain: host,
      address: wallet.address,
      uri: origin,
      nonce: init.nonce,
      issuedAt: new Date(now()).toISOString(),
    })
    const signature = await connector.signMessage(wallet.address, message)
    return {
      message,
      signature,
      walletClientType: wallet.walletClientType,
      connectorType: wallet.connectorType,
      message_type: 'plain' as const,
    }
  }

  return {
    chainType: 'solana',
    async authenticate(wallet, connector, { mode }: { mode: LoginMode }): Promise<AuthenticatedUser> {
      const { token: captchaToken } = await ctx.beginLogin({ method: 'siws' })
      const body = await sign(wallet, connector, captchaToken)
      return ctx.api.request(siwsRoutes.authenticate, { ...body, mode })
    },
    async link(wallet, connector): Promise<User> {
      // A link is made signed in: the widget shows no captcha step, and the server asks for none.
      const body = await sign(wallet, connector, undefined)
      return ctx.api.request(siwsRoutes.link, body)
    },
    // The server kept what the signed link proved; the transfer only names the wallet and the nonce.
    async transfer(wallet, _connector, nonce): Promise<User> {
      return ctx.api.request(siwsRoutes.transfer, {
        address: wallet.address,
        nonce,
        walletClientType: wallet.walletClientType,
        connectorType: wallet.connectorType,
      })
    },
  }
}
