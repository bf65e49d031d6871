/**
 * The magic-link login, client half: a row on the landing screen, the address and "check your
 * inbox" screens, and the sign-in when the page opens from a link. Written against the package's
 * public exports only (`portico/kernel`, `portico/react`, `portico/react/components`,
 * `portico/protocols/oauth`), as a plugin published on its own would be.
 * @module
 */
import { definePlugin } from 'portico/kernel'
import { magicLinkRoutes } from './api'
import { MAGIC_LINK_ERRORS } from './errors'
import { completeFromAddress, METHOD } from './flow'
import { magicLinkMessages } from './messages/en'

export { magicLinkRoutes } from './api'
export { MAGIC_LINK_ERRORS, type MagicLinkErrorCode } from './errors'
export { magicLinkMessages, type MagicLinkMessageKey } from './messages/en'
export { sendLink, verifyLink, completeFromAddress, withoutToken, TOKEN_PARAM, PENDING_KEY, SCREENS } from './flow'

/**
 * The magic-link login plugin. Its row shows on the landing screen when the app's
 * `magic_link_auth` switch is on (and the host's `loginMethods`, if it lists any, name `magic-link`).
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { magicLink } from './magic-link'
 * <PorticoProvider appId="..." plugins={[magicLink()]}>...</PorticoProvider>
 * ```
 */
export const magicLink = () =>
  definePlugin({
    id: 'magic-link',
    kind: 'login',
    api: magicLinkRoutes,
    screens: {
      entry: { load: () => import('./screens/MagicLinkEntry') },
      sent: { load: () => import('./screens/MagicLinkSent') },
      verify: { load: () => import('./screens/MagicLinkVerify') },
      failed: { load: () => import('./screens/MagicLinkFailed') },
    },
    errors: MAGIC_LINK_ERRORS,
    messages: magicLinkMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    loginMethods: [
      {
        id: METHOD,
        group: 'web2',
        label: 'MAGIC_LINK_METHOD_LABEL',
        enabledBy: 'magic_link_auth',
        screen: 'magic-link/entry',
        accountLabel: 'MAGIC_LINK_ACCOUNT_LABEL',
        // A paper plane: the link is on its way.
        icon: 'M22 2 11 13M22 2l-7 20-4-9-9-4 20-7Z',
      },
    ],
    setup(ctx) {
      completeFromAddress(ctx)
    },
  })
