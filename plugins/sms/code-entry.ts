/**
 * How the SMS login sends and checks codes: the SMS face of the shared code-entry machine, used by
 * the entry and code screens and by `useLoginWithSms`.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PasscodeMethod } from '../../ui/passcode-login'
import { smsRoutes } from './api'

/**
 * The SMS code entry: `passwordless_sms/init` and `passwordless_sms/authenticate`. Destinations
 * are numbers as '+{calling code} {national number}'.
 * @example
 * ```ts
 * import { codeEntryFor } from 'portico/react/components'
 * import { smsCodeEntry } from 'portico/plugins/sms'
 * await codeEntryFor(ctx, smsCodeEntry).send('+1 4155550123')
 * ```
 */
export const smsCodeEntry: PasscodeMethod = {
  method: 'sms',
  async validate(ctx, input) {
    // The phone library loads with the first send, never with the page.
    const { initialCountry, readPhoneInput } = await import('./screens/phone')
    const phone = readPhoneInput(input, initialCountry(ctx.config()?.intl.defaultCountry))
    if (!input || !phone.isValid) throw new PorticoError(ctx.t('SMS_INVALID_NUMBER'), { code: 'invalid_data' })
    return phone.qualifiedPhoneNumber
  },
  init: (ctx, phoneNumber, token) => ctx.api.request(smsRoutes.init, { phoneNumber, ...(token ? { token } : {}) }),
  authenticate: (ctx, phoneNumber, code, mode) => ctx.api.request(smsRoutes.authenticate, { phoneNumber, code, mode }),
  resendInKey: 'SMS_RESEND_IN',
  linkedAccountType: 'phone',
}
