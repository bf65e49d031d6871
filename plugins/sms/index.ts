/**
 * The SMS-code login, client half: the phone entry and code screens, error codes and texts.
 * The phone library (libphonenumber-js) is imported only by the screens, which load lazily, so it
 * stays out of a host app's initial bundle.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { smsRoutes } from './api'
import { SMS_ERRORS } from './errors'
import { smsMessages } from './messages/en'

export { SMS_ERRORS, type SmsErrorCode } from './errors'
export { smsMessages, type SmsMessageKey } from './messages/en'
export { smsRoutes } from './api'
export { smsCodeEntry } from './code-entry'

/**
 * Loads the phone input of the SMS screens (`PhoneField`, `readPhoneInput`, `initialCountry`,
 * `displayPhoneNumber`), for another plugin's screen that takes a phone number. The phone library
 * comes with it.
 * @returns the module.
 * @example
 * ```tsx
 * import { lazy } from 'react'
 * import { loadPhoneInput } from 'portico/plugins/sms'
 * const PhoneField = lazy(() => loadPhoneInput().then((m) => ({ default: m.PhoneField })))
 * ```
 */
export const loadPhoneInput = () => import('./phone-input')
export {
  useLinkWithPhone,
  useLoginWithSms,
  useUnlinkPhone,
  useUpdatePhone,
  type UseLinkWithPhoneResult,
  type UseLoginWithSmsResult,
  type UseUnlinkPhoneResult,
  type UseUpdatePhoneResult,
} from './react'

/** Options of the {@link sms} plugin. */
export interface SmsOptions {
  /**
   * Show the phone field directly on the landing screen (unless the app's appearance hides
   * direct inputs). Set false to always show a 'Continue with SMS' button that opens the entry screen.
   * @defaultValue true
   */
  inline?: boolean
}

const entry = { load: () => import('./screens/SmsEntry') }
const code = { load: () => import('./screens/SmsCode') }
// The update flow is the entry screen with the number being replaced (`params.oldPhoneNumber`).
const update = { load: () => import('./screens/SmsEntry') }
// Fresh proof during an update: the code texted to the number being replaced.
const currentCode = { load: () => import('./screens/SmsCurrentCode') }

/**
 * The SMS-code login plugin.
 * @param options - see {@link SmsOptions}.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * import { sms } from 'portico/plugins/sms'
 * <PorticoProvider appId="..." plugins={[email(), sms()]}>...</PorticoProvider>
 * ```
 */
export const sms = (options: SmsOptions = {}) =>
  definePlugin({
    id: 'sms',
    kind: 'login',
    api: smsRoutes,
    screens: { entry, code, update, 'current-code': currentCode },
    errors: SMS_ERRORS,
    messages: smsMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    loginMethods: [
      {
        id: 'sms',
        group: 'web2',
        label: 'SMS_METHOD_LABEL',
        enabledBy: 'sms_auth',
        screen: 'sms/entry',
        order: 1,
        accountLabel: 'PORTICO_LINK_CONFLICT_LABEL_PHONE',
        icon: 'M8 2.5h8A1.5 1.5 0 0 1 17.5 4v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5Zm3 15.5h2',
        ...(options.inline === false ? {} : { inline: entry.load }),
      },
    ],
  })
