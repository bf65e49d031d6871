/**
 * The guest login, client half: a 'Continue as guest' method whose screen signs in at once with a
 * random credential kept in the browser, and the headless `useGuestAccount` hook.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { guestRoutes } from './api'
import { GUEST_ERRORS } from './errors'
import { guestMessages } from './messages/en'
import { GUEST_ICON_PATH } from './icon'

export { GUEST_ERRORS, type GuestErrorCode } from './errors'
export { guestMessages, type GuestMessageKey } from './messages/en'
export { guestRoutes } from './api'
export {
  GUEST_CREDENTIAL_BYTES,
  createGuestCredential,
  guestCredentialFor,
  guestLinkUnsupported,
  guestStorageKey,
  signInAsGuest,
} from './credential'
export { useGuestAccount, type UseGuestAccountResult } from './hooks'
export { useLoginAsGuest, type LoginAsGuestState, type UseLoginAsGuestResult } from './react'
export { GUEST_ICON_PATH } from './icon'

const screen = { load: () => import('./screens/GuestContinue') }


/**
 * The guest login plugin.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * import { guest } from 'portico/plugins/guest'
 * <PorticoProvider appId="..." plugins={[email(), guest()]}>...</PorticoProvider>
 * ```
 */
export const guest = () =>
  definePlugin({
    id: 'guest',
    kind: 'login',
    api: guestRoutes,
    screens: { continue: screen },
    errors: GUEST_ERRORS,
    messages: guestMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    loginMethods: [
      {
        id: 'guest',
        group: 'web2',
        label: 'GUEST_METHOD_LABEL',
        enabledBy: 'guest_auth',
        screen: 'guest/continue',
        icon: GUEST_ICON_PATH,
      },
    ],
  })
