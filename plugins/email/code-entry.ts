/**
 * How the email login sends and checks codes: the email face of the shared code-entry machine,
 * used by the entry and code screens and by `useLoginWithEmail`.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PasscodeMethod } from '../../ui/passcode-login'
import { emailRoutes } from './api'
import { validateEmail } from './screens/shared'

/**
 * The email code entry: `passwordless/init` and `passwordless/authenticate`.
 * @example
 * ```ts
 * import { codeEntryFor } from 'portico/react/components'
 * import { emailCodeEntry } from 'portico/plugins/email'
 * await codeEntryFor(ctx, emailCodeEntry).send('ada@example.com')
 * ```
 */
export const emailCodeEntry: PasscodeMethod = {
  method: 'email',
  async validate(ctx, input) {
    const problem = validateEmail(input, ctx.config()?.server.disable_plus_emails ?? false)
    if (problem) throw new PorticoError(ctx.t(problem), { code: problem === 'EMAIL_DISALLOWED_PLUS' ? 'disallowed_plus_email' : 'invalid_data' })
    return input
  },
  init: (ctx, email, token) => ctx.api.request(emailRoutes.init, { email, ...(token ? { token } : {}) }),
  authenticate: (ctx, email, code, mode) => ctx.api.request(emailRoutes.authenticate, { email, code, mode }),
  resendInKey: 'EMAIL_RESEND_IN',
  linkedAccountType: 'email',
}
