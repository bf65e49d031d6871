/**
 * The email-code login, client half: the entry and code screens, error codes and texts.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { emailRoutes } from './api'
import { EMAIL_ERRORS } from './errors'
import { emailMessages } from './messages/en'

export { EMAIL_ERRORS, type EmailErrorCode } from './errors'
export { emailMessages, type EmailMessageKey } from './messages/en'
export { emailRoutes } from './api'
export { emailCodeEntry } from './code-entry'
export {
  useLinkWithEmail,
  useLoginWithEmail,
  useUnlinkEmail,
  useUpdateEmail,
  type UseLinkWithEmailResult,
  type UseLoginWithEmailResult,
  type UseUnlinkEmailResult,
  type UseUpdateEmailResult,
} from './react'
export { HEADLESS_RESEND_COOLDOWN_S, type PasscodeLoginState, type PasscodeLoginStatus } from '../../ui/passcode-login'

/** Options of the {@link email} plugin. */
export interface EmailOptions {
  /**
   * Show the address field directly on the landing screen (unless the app's appearance hides
   * direct inputs). Set false to always show a button that opens the entry screen.
   * @defaultValue true
   */
  inline?: boolean
}

const entry = { load: () => import('./screens/EmailEntry') }
const code = { load: () => import('./screens/EmailCode') }
// The update flow is the entry screen with the address being replaced (`params.oldAddress`).
const update = { load: () => import('./screens/EmailEntry') }
// Fresh proof during an update: the code sent to the address being replaced.
const currentCode = { load: () => import('./screens/EmailCurrentCode') }

/**
 * The email-code login plugin.
 * @param options - see {@link EmailOptions}.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * <PorticoProvider appId="..." plugins={[email()]}>...</PorticoProvider>
 * ```
 */
export const email = (options: EmailOptions = {}) =>
  definePlugin({
    id: 'email',
    kind: 'login',
    api: emailRoutes,
    screens: { entry, code, update, 'current-code': currentCode },
    errors: EMAIL_ERRORS,
    messages: emailMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    loginMethods: [
      {
        id: 'email',
        group: 'web2',
        label: 'EMAIL_METHOD_LABEL',
        enabledBy: 'email_auth',
        screen: 'email/entry',
        order: 0,
        accountLabel: 'PORTICO_LINK_CONFLICT_LABEL_EMAIL',
        icon: 'M4 6h16a1 1 0 0 1 1 1v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a1 1 0 0 1 1-1Zm0 1 8 6 8-6',
        ...(options.inline === false ? {} : { inline: entry.load }),
      },
    ],
  })
