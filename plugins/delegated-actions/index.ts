/**
 * `portico/plugins/delegated-actions`: delegated actions' client half. The host asks the user, with
 * `useDelegatedActions()`, to let the app act with one of their embedded wallets ('Enable delegated
 * actions': 'Accept' or 'Not now') or to revoke it ('Revoke permission': 'Confirm' or 'Deny'). On
 * acceptance the wallet frame seals that wallet's key to the server's delegation key and the server
 * stores it; the app's backend then signs and sends with the wallet through the wallet API
 * (`portico/plugins/delegated-actions/server`). Requires the embedded-wallets plugin.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { delegatedActionRoutes } from './api'
import { DELEGATED_ACTIONS_ERRORS } from './errors'
import { delegatedActionsMessages } from './messages/en'
import { delegatedActionScreens, DELEGATED_ACTIONS_PLUGIN_ID } from './screens'

export { DELEGATED_ACTIONS_ERRORS, type DelegatedActionsErrorCode } from './errors'
export { delegatedActionsMessages, type DelegatedActionsMessageKey } from './messages/en'
export { delegatedActionRoutes } from './api'
export { DELEGATED_ACTIONS_PLUGIN_ID, DELEGATED_ACTIONS_SCREENS } from './screens'
export { useDelegatedActions, type UseDelegatedActionsResult } from './react'

/**
 * The delegated-actions plugin.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { embeddedWallets } from 'portico/plugins/embedded-wallets'
 * import { delegatedActions } from 'portico/plugins/delegated-actions'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), delegatedActions()]}>...</PorticoProvider>
 * ```
 */
export const delegatedActions = () =>
  definePlugin({
    id: DELEGATED_ACTIONS_PLUGIN_ID,
    kind: 'wallet',
    api: delegatedActionRoutes,
    screens: delegatedActionScreens,
    errors: DELEGATED_ACTIONS_ERRORS,
    messages: delegatedActionsMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
  })
