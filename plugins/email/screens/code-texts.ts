/**
 * The texts of the email code screens: the code sent to the address being signed in, linked or added
 * (`new`), and the code sent to the current address as fresh proof before it is replaced (`current`).
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
 * import { emailCodeTexts } from './code-texts'
 * emailCodeTexts(ctx.t, 'Acme', 'current').title // "Confirm it's you"
 * ```
 */
export function emailCodeTexts(t: PluginContext['t'], app: string, which: 'new' | 'current'): PasscodeTexts {
  const current = which === 'current'
  return {
    title: t(current ? 'EMAIL_CURRENT_CODE_TITLE' : 'EMAIL_CODE_TITLE'),
    subtitle: t(current ? 'EMAIL_CURRENT_CODE_SUBTITLE' : 'EMAIL_CODE_SUBTITLE', { email: DESTINATION_SLOT, app }),
    codeLabel: t('EMAIL_CODE_LABEL'),
    didntGet: t('EMAIL_DIDNT_GET'),
    resendIn: (seconds) => t('EMAIL_RESEND_IN', { seconds }),
    resent: t('EMAIL_RESENT'),
    verifying: t('EMAIL_VERIFYING'),
    successTitle: t('EMAIL_SUCCESS_TITLE'),
    successSubtitle: t('EMAIL_SUCCESS_SUBTITLE'),
  }
}
