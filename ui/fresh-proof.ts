/**
 * Fresh proof for moving a login identifier (email address, phone number). The server refuses the
 * change with `reauthentication_required` when the session's login is over 10 minutes old, unless
 * the request carries `current_code`, a code sent to the current address. The code screens turn
 * that answer into one more step: a code goes to the current address, the modal asks for it, and
 * the change is sent again with it. Shared by the plugins that own such identifiers.
 * @module
 */
import { PorticoError } from '../kernel/errors'
import type { PluginContext } from '../kernel/plugin'
import { LOGIN_ABORTED_CODE } from '../kernel/error-registry'
import { errorCode } from './components/PasscodeScreen'

/** The server's answer when a change needs a recent login or a code to the current address. */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required'

/** The fresh-proof step of one identifier change. */
export interface FreshProofStep {
  /** The address or number the user holds today, as the init call takes it; undefined when there is none. */
  current: string | undefined
  /** Sends a code to `current` (the plugin's init call). */
  sendCode: () => Promise<unknown>
  /** The screen that asks for that code (`email/current-code`), and its params. */
  screen: string
  params: Record<string, unknown>
}

/**
 * Reacts to a refused identifier change. On `reauthentication_required` it sends a code to the
 * current address and moves the modal to the screen that asks for it; without a current address it
 * asks the user to log in again. Any other error is passed on as it is.
 * @param ctx - the plugin's context (navigation and texts).
 * @param err - what the change call threw.
 * @param step - the current address, how to send it a code, and where to ask for it.
 * @returns never: rejects with `exited_auth_flow` once the modal moved on (the code screen that was
 *   left shows nothing, as for a declined step); with
 *   `reauthentication_required` ('For your security, please log in again to make this change.')
 *   when there is no current address; with the send's error when the code could not be sent;
 *   otherwise with `err`.
 * @example
 * ```ts
 * import { askForFreshProof } from '../../ui/fresh-proof'
 * const verify = (code: string) =>
 *   ctx.changeAccounts(() => ctx.api.request(emailRoutes.update, { oldAddress, newAddress, code }), { method: 'email' })
 *     .catch((err) => askForFreshProof(ctx, err, {
 *       current: oldAddress,
 *       sendCode: () => ctx.api.request(emailRoutes.init, { email: oldAddress }),
 *       screen: 'email/current-code',
 *       params: { email: oldAddress, newAddress, code },
 *     }))
 * ```
 */
export async function askForFreshProof(
  ctx: Pick<PluginContext, 'navigate' | 't'>,
  err: unknown,
  step: FreshProofStep,
): Promise<never> {
  if (errorCode(err) !== REAUTHENTICATION_REQUIRED) throw err
  if (!step.current) {
    throw new PorticoError(ctx.t('PORTICO_REAUTHENTICATION_REQUIRED'), { code: REAUTHENTICATION_REQUIRED, cause: err })
  }
  await step.sendCode()
  ctx.navigate(step.screen, step.params)
  throw new PorticoError('The change goes on with a code sent to the current address', { code: LOGIN_ABORTED_CODE })
}
