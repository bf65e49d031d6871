/**
 * The email code screen: the shared {@link PasscodeScreen} with the address, the email texts and
 * the email calls (`passwordless/authenticate` through the kernel's `authenticate`, or `link`).
 * @module
 */
import type { ScreenProps } from '../../../ui/context'
import { PasscodeScreen } from '../../../ui/components/PasscodeScreen'
import { changeAddress } from '../../../ui/fresh-proof'
import { emailRoutes } from '../api'
import { emailCodeEntry } from '../code-entry'
import { emailCodeTexts } from './code-texts'
import { emailChange } from './change'

/** Params of the code screen. */
export interface EmailCodeParams extends Record<string, unknown> {
  /** The address the code was sent to. */
  email: string
  /** Updating the user's address: the address being replaced (the code went to `email`, the new one). */
  oldAddress?: string
  /**
   * Updating with fresh proof: the code to `oldAddress`, already typed and still good, kept while a
   * new code to the new address is asked for (the one typed before was refused).
   */
  currentCode?: string
}

/**
 * The code screen.
 * @param props - screen props with {@link EmailCodeParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('email/code', { email: 'ada@example.com' })
 * ```
 */
export default function EmailCode({ ctx, params }: ScreenProps<EmailCodeParams>) {
  const t = ctx.t
  const email = String(params.email ?? '')
  const oldAddress = typeof params.oldAddress === 'string' && params.oldAddress ? params.oldAddress : undefined
  const currentCode = typeof params.currentCode === 'string' && params.currentCode ? params.currentCode : undefined
  const app = ctx.config()?.name ?? ''
  return (
    <PasscodeScreen
      ctx={ctx}
      spec={emailCodeEntry}
      destination={email}
      icon="mail"
      texts={emailCodeTexts(t, app, 'new')}
      verify={(code) => {
        if (oldAddress) return changeAddress(ctx, emailChange(ctx, oldAddress, email), { typed: 'new', code, currentCode })
        if (ctx.intent() === 'link') {
          return ctx.link(() => ctx.api.request(emailRoutes.link, { email, code }), {
            method: 'email',
            handle: email,
            transfer: (nonce) => ctx.api.request(emailRoutes.transfer, { email, nonce }),
          })
        }
        return ctx.authenticate(() => ctx.api.request(emailRoutes.authenticate, { email, code, mode: ctx.loginMode() }), {
          method: 'email',
        })
      }}
    />
  )
}
