/**
 * `portico/plugins/mfa`: the multi-factor core (spec 02 'Multi-factor'). It names no method: each
 * comes with its plugin (`mfa-sms`, `mfa-totp`, `mfa-passkey`), which registers an {@link MfaMethod}
 * through {@link mfaHooks}. The core owns the verification (choose a method, 6-digit code or
 * device, success; 4 attempts, a 5-minute wait; 'MFA canceled' when the user leaves), the enrolment
 * flow ('Transaction Protection', the method choice, removal confirmations; a change verifies first
 * when a method is enrolled), and the host's control (`useMfaEnrollment`, `useMfa`).
 *
 * When the server refuses a wallet operation until the user verifies (`missing_or_invalid_mfa`), the
 * embedded wallet asks its `mfaToken` hook: this plugin answers by verifying the user, and the
 * operation runs again with the token.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { embeddedWalletHooks } from '../embedded-wallets'
import { createMfaController, type MfaOptions } from './controller'
import { MFA_ERRORS } from './errors'
import { mfaMessages } from './messages/en'
import { mfaHooks } from './methods'
import { mfaScreens } from './screens'

export { MFA_ERRORS, MFA_CLIENT_CODES, type MfaErrorCode } from './errors'
export { MfaCodeInput, type MfaCodeInputProps } from './code-input'
export { mfaMessages, type MfaMessageKey } from './messages/en'
export { MFA_TOKEN_HEADER, mfaHooks, mfaOf, type MfaHeaders, type MfaHooks, type MfaMethod } from './methods'
export {
  MFA_CODE_WAIT_MS,
  MFA_MAX_ATTEMPTS,
  MFA_SCREENS,
  mfaErrors,
  type MfaController,
  type MfaOptions,
  type MfaRequiredEvent,
  type MfaVerification,
} from './controller'
export { useMfa, useMfaEnrollment, type UseMfaOptions, type UseMfaResult, type UseMfaEnrollmentResult } from './react'

/** The MFA plugin's id. */
export const MFA_PLUGIN_ID = 'mfa'

/**
 * The MFA core plugin. Register it with one or more method plugins (each also adds it when the host
 * did not, with default options).
 * @param options - the methods offered, whether the host draws the MFA UI, the code wait.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { mfa } from 'portico/plugins/mfa'
 * import { mfaTotp } from 'portico/plugins/mfa-totp'
 * import { mfaSms } from 'portico/plugins/mfa-sms'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), mfa({ methods: ['totp', 'sms'] }), mfaTotp(), mfaSms()]}>...</PorticoProvider>
 * ```
 */
export const mfa = (options: MfaOptions = {}) =>
  definePlugin({
    id: MFA_PLUGIN_ID,
    kind: 'mfa',
    screens: mfaScreens,
    errors: MFA_ERRORS,
    messages: mfaMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup(ctx) {
      const controller = createMfaController(ctx, options)
      const untaps = [
        mfaHooks(ctx).controller.tap(MFA_PLUGIN_ID, () => controller),
        // A wallet operation the server guards: verify, and hand the token back for the retry.
        embeddedWalletHooks(ctx).mfaToken.tap(MFA_PLUGIN_ID, () => controller.verify()),
      ]
      return () => {
        for (const untap of untaps) untap()
        controller.current()?.cancel()
      }
    },
  })
