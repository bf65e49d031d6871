/**
 * The `ethereum` wallet authenticator: asks the server for a nonce, builds the EIP-4361 message,
 * has the wallet sign it and sends it to `/siwe/authenticate` (or `/siwe/link`); the wallet screen
 * stores the session from the answer. No SDK: the message
 * builder is a small pure function and signing goes through the wallet's connector.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import type { AuthenticatedUser, LoginMode, User } from '../../kernel/wire'
import {
  WALLET_ERROR_CODES,
  type ConnectedWallet,
  type WalletAuthenticator,
  type WalletConnector,
} from '../wallets'
import { siweRoutes } from './api'
import { SIWE_RESOURCE, SIWE_STATEMENT, createSiweMessage } from './message'

/** The login method name SIWE reports to `onComplete`, analytics and the error registry. */
export const SIWE_METHOD = 'siwe'

/** What the authenticator needs of the plugin context. */
export type SiweContext = Pick<PluginContext, 'api' | 'beginLogin'>

/** Options of {@link createSiweAuthenticator}. */
export interface SiweAuthenticatorOptions {
  /** The page asking for signatures. @defaultValue `location` (its `host` is the domain, its `origin` the URI) */
  location?: () => { host: string; origin: string }
  /** The clock for `Issued At`. @defaultValue Date.now */
  now?: () => number
}

/** The numeric chain id of a CAIP-2 `eip155:<n>` id (the message carries the number). */
function numericChainId(chainId: string): number {
  const m = /^eip155:([1-9]\d*)$/.exec(chainId)
  if (!m) {
    throw new PorticoError(`Unsupported chainId: ${chainId}`, { code: WALLET_ERROR_CODES.unsupportedChain })
  }
  return Number(m[1])
}

/** The fields `/authenticate` and `/link` send besides the message and signature. */
interface SignedRequest {
  message: string
  signature: string
  chainId: string | null
  walletClientType: string | null
  connectorType: string | null
}

/**
 * Builds the Sign-In With Ethereum authenticator the `siwe` plugin registers with the wallet registry (`walletsOf(ctx)` from `portico/plugins/wallets`).
 * @param ctx - the plugin context (API client and login start).
 * @param options - where the page is, and the clock.
 * @returns the `ethereum` {@link WalletAuthenticator}.
 * @example
 * ```ts
 * import { definePlugin } from 'portico/kernel'
 * import { createSiweAuthenticator } from 'portico/plugins/siwe'
 * import { wallets, walletsOf } from 'portico/plugins/wallets'
 * definePlugin({ id: 'my-siwe', kind: 'login', requires: [wallets()], setup: (ctx) => walletsOf(ctx).addAuthenticator(createSiweAuthenticator(ctx)) })
 * ```
 */
export function createSiweAuthenticator(ctx: SiweContext, options: SiweAuthenticatorOptions = {}): WalletAuthenticator {
  const where = options.location ?? (() => globalThis.location)
  const now = options.now ?? Date.now

  /** Gets a nonce, builds the message, has the wallet sign it once and sends it. */
  async function signAndSend<T>(
    wallet: ConnectedWallet,
    connector: WalletConnector,
    captchaToken: string | undefined,
    send: (body: SignedRequest) => Promise<T>,
  ): Promise<T> {
    const chainId = numericChainId(wallet.chainId)
    const page = where()
    const init = await ctx.api.request(siweRoutes.init, {
      address: wallet.address,
      ...(captchaToken !== undefined ? { token: captchaToken } : {}),
    })
    // The server's address is checksummed: the message must carry it so.
    const message = createSiweMessage({
      domain: page.host,
      address: init.address,
      statement: SIWE_STATEMENT,
      uri: page.origin,
      version: '1',
      chainId,
      nonce: init.nonce,
      issuedAt: new Date(now()),
      resources: [SIWE_RESOURCE],
    })
    const signature = await connector.signMessage(wallet.address, message)
    return send({
      message,
      signature,
      chainId: wallet.chainId,
      walletClientType: wallet.walletClientType || connector.walletClientType || null,
      connectorType: wallet.connectorType || connector.connectorType || null,
    })
  }

  return {
    chainType: 'ethereum',

    // One signature per call: the wallet screen finishes the login (ctx.authenticate / ctx.link) and
    // offers the spec's two retries, each with a fresh nonce.
    async authenticate(wallet, connector, { mode }: { mode: LoginMode }): Promise<AuthenticatedUser> {
      const { token: captchaToken } = await ctx.beginLogin({ method: SIWE_METHOD })
      return signAndSend(wallet, connector, captchaToken, (body) => ctx.api.request(siweRoutes.authenticate, { ...body, mode }))
    },

    async link(wallet, connector): Promise<User> {
      return signAndSend(wallet, connector, undefined, (body) => ctx.api.request(siweRoutes.link, body))
    },

    // The server kept what the signed link proved; the transfer only names the wallet and the nonce.
    async transfer(wallet, connector, nonce): Promise<User> {
      return ctx.api.request(siweRoutes.transfer, {
        address: wallet.address,
        nonce,
        chainId: wallet.chainId,
        ...(wallet.walletClientType || connector.walletClientType ? { walletClientType: wallet.walletClientType || connector.walletClientType } : {}),
        ...(wallet.connectorType || connector.connectorType ? { connectorType: wallet.connectorType || connector.connectorType } : {}),
      })
    },
  }
}
