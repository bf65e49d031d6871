/**
 * Fresh proof while updating the address: the shared {@link PasscodeScreen} asking for the code
 * sent to the address being replaced, then the update again with it (`current_code`). The code
 * screen of the new address leads here when the server answers `reauthentication_required`. When
 * the server refuses only the new address's code (it expired while the user waited), this code is
 * kept and the modal asks for a fresh code to the new address instead.
 * @module
 */
import type { ScreenProps } from '../../../ui/context'
import { PasscodeScreen } from '../../../ui/components/PasscodeScreen'
import { changeAddress } from '../../../ui/fresh-proof'
import { emailCodeEntry } from '../code-entry'
import { emailCodeTexts } from './code-texts'
import { emailChange } from './change'

/** Params of the current-address code screen. */
export interface EmailCurrentCodeParams extends Record<string, unknown> {
  /** The address being replaced, where this code went. */
  email: string
  /** The address replacing it. */
  newAddress: string
  /** The code the new address received, already typed. */
  code: string
}

/**
 * The current-address code screen.
 * @param props - screen props with {@link EmailCurrentCodeParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('email/current-code', { email: 'ada@example.com', newAddress: 'ada@new.example', code: '123456' })
 * ```
 */
export default function EmailCurrentCode({ ctx, params }: ScreenProps<EmailCurrentCodeParams>) {
  const t = ctx.t
  const oldAddress = String(params.email ?? '')
  const newAddress = String(params.newAddress ?? '')
  const app = ctx.config()?.name ?? ''
  return (
    <PasscodeScreen
      ctx={ctx}
      spec={emailCodeEntry}
      destination={oldAddress}
      icon="lock"
      texts={emailCodeTexts(t, app, 'current')}
      verify={(currentCode) => changeAddress(ctx, emailChange(ctx, oldAddress, newAddress), { typed: 'current', code: String(params.code ?? ''), currentCode })}
    />
  )
}
