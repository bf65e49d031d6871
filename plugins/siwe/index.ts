/**
 * Sign-In With Ethereum, client half: registers the `ethereum` wallet authenticator, which signs a
 * connected wallet in (or links it) with an EIP-4361 message. The wallet list and connectors come from
 * connector plugins; this plugin only proves ownership. No SDK is imported here.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { siweRoutes } from './api'
import { createSiweAuthenticator, type SiweAuthenticatorOptions } from './authenticator'
import { SIWE_ERRORS } from './errors'
import { siweMessages } from './messages/en'
import { wallets, walletsOf } from '../wallets'

export { SIWE_ERRORS, type SiweErrorCode } from './errors'
export { siweMessages, type SiweMessageKey } from './messages/en'
export { siweRoutes } from './api'
export {
  useLinkWithWallet,
  useLoginWithSiwe,
  useUnlinkWallet,
  type UseLinkWithWalletResult,
  type UseLoginWithSiweResult,
  type UseUnlinkWalletResult,
} from './react'
export {
  createSiweMessage,
  parseSiweMessage,
  SiweParseError,
  SIWE_RESOURCE,
  SIWE_STATEMENT,
  type SiweMessageFields,
} from './message'
export {
  createSiweAuthenticator,
  SIWE_METHOD,
  type SiweAuthenticatorOptions,
  type SiweContext,
} from './authenticator'

/** Options of the {@link siwe} plugin. */
export type SiweOptions = SiweAuthenticatorOptions

/**
 * The Sign-In With Ethereum plugin. Add a connector plugin (injected wallets, WalletConnect...) for the
 * wallets themselves.
 * @param options - where the page is (domain and URI of the message) and the clock; both default to the browser's.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { siwe } from 'portico/plugins/siwe'
 * <PorticoProvider appId="..." plugins={[siwe()]}>...</PorticoProvider>
 * ```
 */
export const siwe = (options: SiweOptions = {}) =>
  definePlugin({
    id: 'siwe',
    kind: 'login',
    api: siweRoutes,
    errors: SIWE_ERRORS,
    messages: siweMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    requires: [wallets()],
    setup(ctx) {
      return walletsOf(ctx).addAuthenticator(createSiweAuthenticator(ctx, options))
    },
  })
