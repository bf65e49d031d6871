/**
 * `portico/plugins/mfa-totp`: the authenticator-app MFA method (RFC 6238 codes). Enrolment shows
 * the `otpauth://` URL as a QR code and the secret for manual entry, then takes a code; verification
 * takes a 6-digit code in the MFA core's boxes. Registers itself with the MFA core (`mfa()`, added
 * with default options when the host did not register it).
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { mfa, mfaHooks } from '../mfa'
import { mfaTotpRoutes } from './api'
import { mfaTotpMessages } from './messages/en'
import { totpMethod } from './method'

export { mfaTotpRoutes } from './api'
export { mfaTotpMessages, type MfaTotpMessageKey } from './messages/en'
export { totpMethod, TOTP_ICON_PATH } from './method'

/** The plugin's id. */
export const MFA_TOTP_PLUGIN_ID = 'mfa-totp'

/**
 * The authenticator-app MFA method.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { mfaTotp } from 'portico/plugins/mfa-totp'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), mfaTotp()]}>...</PorticoProvider>
 * ```
 */
export const mfaTotp = () =>
  definePlugin({
    id: MFA_TOTP_PLUGIN_ID,
    kind: 'mfa',
    requires: [mfa()],
    api: mfaTotpRoutes,
    screens: { enroll: { load: () => import('./screens/TotpEnroll') } },
    messages: mfaTotpMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup(ctx) {
      return mfaHooks(ctx).methods.tap(MFA_TOTP_PLUGIN_ID, (methods) => [...methods, totpMethod(ctx)])
    },
  })
