/**
 * The SMS code screen: the shared {@link PasscodeScreen} with the number ('+{callingCode} {number}'),
 * the SMS texts and the SMS calls (`passwordless_sms/authenticate` through the kernel's
 * `authenticate`, or `link` when the host opened the modal to link).
 * @module
 */
import type { ScreenProps } from '../../../ui/context'
import { PasscodeScreen } from '../../../ui/components/PasscodeScreen'
import { changeAddress } from '../../../ui/fresh-proof'
import { smsRoutes } from '../api'
import { smsCodeEntry } from '../code-entry'
import { smsCodeTexts } from './code-texts'
import { PhoneIcon } from './PhoneIcon'
import { displayPhoneNumber } from './phone'
import { smsChange } from './change'

/** Params of the code screen. */
export interface SmsCodeParams extends Record<string, unknown> {
  /** The number the code was sent to, as '+{callingCode} {number}'. */
  phoneNumber: string
  /** Updating the user's number: the number being replaced (the code went to `phoneNumber`, the new one). */
  oldPhoneNumber?: string
  /**
   * Updating with fresh proof: the code texted to `oldPhoneNumber`, already typed and still good,
   * kept while a new code to the new number is asked for (the one typed before was refused).
   */
  currentCode?: string
}

/**
 * The code screen.
 * @param props - screen props with {@link SmsCodeParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('sms/code', { phoneNumber: '+1 4155550123' })
 * ```
 */
export default function SmsCode({ ctx, params }: ScreenProps<SmsCodeParams>) {
  const t = ctx.t
  const phoneNumber = displayPhoneNumber(String(params.phoneNumber ?? ''))
  const oldPhoneNumber = typeof params.oldPhoneNumber === 'string' && params.oldPhoneNumber ? displayPhoneNumber(params.oldPhoneNumber) : undefined
  const currentCode = typeof params.currentCode === 'string' && params.currentCode ? params.currentCode : undefined
  const app = ctx.config()?.name ?? ''
  return (
    <PasscodeScreen
      ctx={ctx}
      spec={smsCodeEntry}
      destination={phoneNumber}
      icon={<PhoneIcon />}
      texts={smsCodeTexts(t, app, 'new')}
      verify={(code) => {
        if (oldPhoneNumber) return changeAddress(ctx, smsChange(ctx, oldPhoneNumber, phoneNumber), { typed: 'new', code, currentCode })
        if (ctx.intent() === 'link') {
          return ctx.link(() => ctx.api.request(smsRoutes.link, { phoneNumber, code }), {
            method: 'sms',
            handle: phoneNumber,
            transfer: (nonce) => ctx.api.request(smsRoutes.transfer, { phoneNumber, nonce }),
          })
        }
        return ctx.authenticate(() => ctx.api.request(smsRoutes.authenticate, { phoneNumber, code, mode: ctx.loginMode() }), {
          method: 'sms',
        })
      }}
    />
  )
}
