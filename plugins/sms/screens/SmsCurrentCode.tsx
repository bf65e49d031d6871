/**
 * Fresh proof while updating the number: the shared {@link PasscodeScreen} asking for the code
 * texted to the number being replaced, then the update again with it (`current_code`). The code
 * screen of the new number leads here when the server answers `reauthentication_required`. When
 * the server refuses only the new number's code (it expired while the user waited), this code is
 * kept and the modal asks for a fresh code to the new number instead.
 * @module
 */
import type { ScreenProps } from '../../../ui/context'
import { PasscodeScreen } from '../../../ui/components/PasscodeScreen'
import { changeAddress } from '../../../ui/fresh-proof'
import { smsCodeEntry } from '../code-entry'
import { smsCodeTexts } from './code-texts'
import { PhoneIcon } from './PhoneIcon'
import { displayPhoneNumber } from './phone'
import { smsChange } from './change'

/** Params of the current-number code screen. */
export interface SmsCurrentCodeParams extends Record<string, unknown> {
  /** The number being replaced, where this code went. */
  phoneNumber: string
  /** The number replacing it, as '+{callingCode} {number}'. */
  newPhoneNumber: string
  /** The code the new number received, already typed. */
  code: string
}

/**
 * The current-number code screen.
 * @param props - screen props with {@link SmsCurrentCodeParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('sms/current-code', { phoneNumber: '+14155550123', newPhoneNumber: '+1 4155550199', code: '123456' })
 * ```
 */
export default function SmsCurrentCode({ ctx, params }: ScreenProps<SmsCurrentCodeParams>) {
  const t = ctx.t
  const oldPhoneNumber = displayPhoneNumber(String(params.phoneNumber ?? ''))
  const newPhoneNumber = String(params.newPhoneNumber ?? '')
  const app = ctx.config()?.name ?? ''
  return (
    <PasscodeScreen
      ctx={ctx}
      spec={smsCodeEntry}
      destination={oldPhoneNumber}
      icon={<PhoneIcon />}
      texts={smsCodeTexts(t, app, 'current')}
      verify={(currentCode) => changeAddress(ctx, smsChange(ctx, oldPhoneNumber, newPhoneNumber), { typed: 'current', code: String(params.code ?? ''), currentCode })}
    />
  )
}
