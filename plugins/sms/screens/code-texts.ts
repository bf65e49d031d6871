/**
 * The texts of the sms code screens: the code sent to the number being signed in, linked or added
 * (`new`), and the code sent to the current number as fresh proof before it is replaced (`current`).
 * @module
 */
import { DESTINATION_SLOT, type PasscodeTexts } from '../../../ui/components/PasscodeScreen'
import type { PluginContext } from '../../../kernel'

/**
 * The code screen's texts.
 * @param t - the plugin context's translation.
 * @param app - the app's name.
 * @param which - `new` for the code screen, `current` for the fresh-proof screen.
 * @returns the texts {@link PasscodeScreen} shows.
 * @example
 * ```ts
 * import { smsCodeTexts } from './code-texts'
 * smsCodeTexts(ctx.t, 'Acme', 'current').title // "Confirm it's you"
 * ```
 */
export function smsCodeTexts(t: PluginContext['t'], app: string, which: 'new' | 'current'): PasscodeTexts {
  const current = which === 'current'
  return {
    title: t(current ? 'SMS_CURRENT_CODE_TITLE' : 'SMS_CODE_TITLE'),
    subtitle: t(current ? 'SMS_CURRENT_CODE_SUBTITLE' : 'SMS_CODE_SUBTITLE', { phone: DESTINATION_SLOT, app }),
    codeLabel: t('SMS_CODE_LABEL'),
    didntGet: t('SMS_DIDNT_GET'),
    resendIn: (seconds) => t('SMS_RESEND_IN', { seconds }),
    resent: t('SMS_RESENT'),
    verifying: t('SMS_VERIFYING'),
    successTitle: t('SMS_SUCCESS_TITLE'),
    successSubtitle: t('SMS_SUCCESS_SUBTITLE'),
  }
}
