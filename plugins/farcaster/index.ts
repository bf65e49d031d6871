/**
 * Farcaster login and signers, client half: the 'awaiting Farcaster connection' and 'awaiting
 * Farcaster signer' screens, error codes and texts, and {@link requestFarcasterSigner}.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { farcasterRoutes } from './api'
import { FARCASTER_ERRORS } from './errors'
import { farcasterMessages } from './messages/en'

export { FARCASTER_ERRORS, type FarcasterErrorCode } from './errors'
export { farcasterMessages, type FarcasterMessageKey } from './messages/en'
export { farcasterRoutes, FARCASTER_CHANNEL_HEADER } from './api'
export type { FarcasterSignerResult } from './screens/signer-requests'
export { requestFarcasterSigner } from './signer'
export {
  useFarcasterSigner,
  useLinkWithFarcaster,
  useUnlinkFarcaster,
  useLoginWithFarcaster,
  type UseFarcasterSignerResult,
  type UseLinkWithFarcasterResult,
  type UseUnlinkFarcasterResult,
  type UseLoginWithFarcasterResult,
  type FarcasterLoginState,
} from './react'

const FARCASTER_ICON = 'M5 4h14v16h-2.5v-7.2a4.5 4.5 0 0 0-9 0V20H5V4Z'

/**
 * The Farcaster login plugin: a 'Continue with Farcaster' row on the landing screen when the app enables
 * `farcaster_auth`, and the signer approval screen.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { farcaster } from 'portico/plugins/farcaster'
 * <PorticoProvider appId="..." plugins={[farcaster()]}>...</PorticoProvider>
 * ```
 */
export const farcaster = () =>
  definePlugin({
    id: 'farcaster',
    kind: 'login',
    api: farcasterRoutes,
    screens: {
      connect: { load: () => import('./screens/FarcasterConnect') },
      signer: { load: () => import('./screens/FarcasterSigner') },
    },
    errors: FARCASTER_ERRORS,
    messages: farcasterMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    loginMethods: [
      {
        id: 'farcaster',
        group: 'web2',
        label: 'FARCASTER_METHOD_LABEL',
        enabledBy: 'farcaster_auth',
        screen: 'farcaster/connect',
        icon: FARCASTER_ICON,
        order: 14,
      },
    ],
  })
