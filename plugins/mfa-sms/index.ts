/**
 * `portico/plugins/mfa-sms`: the SMS MFA method. Enrolment takes a phone number (the SMS plugin's
 * phone input), texts a code and takes it back; verification texts a code to the enrolled number
 * and takes it in the MFA core's boxes. Registers itself with the MFA core (`mfa()`, added with
 * default options when the host did not register it).
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { mfa, mfaHooks } from '../mfa'
import { mfaSmsRoutes } from './api'
import { mfaSmsMessages } from './messages/en'
import { smsMethod } from './method'

export { mfaSmsRoutes } from './api'
export { mfaSmsMessages, type MfaSmsMessageKey } from './messages/en'
export { smsMethod, MFA_SMS_ICON_PATH } from './method'

/** The plugin's id. */
export const MFA_SMS_PLUGIN_ID = 'mfa-sms'

/**
 * The SMS MFA method.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { mfaSms } from 'portico/plugins/mfa-sms'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), mfaSms()]}>...</PorticoProvider>
 * ```
 */
export const mfaSms = () =>
  definePlugin({
    id: MFA_SMS_PLUGIN_ID,
    kind: 'mfa',
    requires: [mfa()],
    api: mfaSmsRoutes,
    screens: { enroll: { load: () => import('./screens/SmsEnroll') } },
    messages: mfaSmsMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup(ctx) {
      return mfaHooks(ctx).methods.tap(MFA_SMS_PLUGIN_ID, (methods) => [...methods, smsMethod(ctx)])
    },
  })
