/**
 * Fresh proof while updating the address: the shared {@link PasscodeScreen} asking for the code
 * sent to the address being replaced, then the update again with it (`current_code`). The code
 * screen of the new address leads here when the server answers `reauthentication_required`.
 * @module
 */
import type { ScreenProps } from '../../../ui/context'
import { DESTINATION_SLOT, PasscodeScreen } from '../../../ui/components/PasscodeScreen'
import { emailRoutes } from '../api'
import { emailCodeEntry } from '../code-entry'

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
  const app = ctx.config()?.name ?? ''
  return (
    <PasscodeScreen
      ctx={ctx}
      spec={emailCodeEntry}
      destination={oldAddress}
      icon="lock"
      texts={{
        title: t('EMAIL_CURRENT_CODE_TITLE'),
        subtitle: t('EMAIL_CURRENT_CODE_SUBTITLE', { email: DESTINATION_SLOT, app }),
        codeLabel: t('EMAIL_CODE_LABEL'),
        didntGet: t('EMAIL_DIDNT_GET'),
        resendIn: (seconds) => t('EMAIL_RESEND_IN', { seconds }),
        resent: t('EMAIL_RESENT'),
        verifying: t('EMAIL_VERIFYING'),
        successTitle: t('EMAIL_SUCCESS_TITLE'),
        successSubtitle: t('EMAIL_SUCCESS_SUBTITLE'),
      }}
      verify={(currentCode) =>
        ctx.changeAccounts(
          () =>
            ctx.api.request(emailRoutes.update, {
              oldAddress,
              newAddress: String(params.newAddress ?? ''),
              code: String(params.code ?? ''),
              current_code: currentCode,
            }),
          { method: 'email', closeModal: true },
        )
      }
    />
  )
}
