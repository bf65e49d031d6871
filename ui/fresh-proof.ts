/**
 * Fresh proof for moving a login identifier (email address, phone number). The server refuses the
 * change with `reauthentication_required` when the session's login is over 10 minutes old, unless
 * the request carries `current_code`, a code sent to the current address. The code screens turn
 * that answer into one more step: a code goes to the current address, the modal asks for it, and
 * the change is sent again with it. When the server then refuses only one of the two codes (the
 * new address's code expired while the user waited), the other one is kept and only the refused
 * one is asked for again ({@link askForRefusedCode}). Shared by the plugins that own such identifiers.
 * @module
 */
import { PorticoError } from '../kernel/errors'
import type { PluginContext } from '../kernel/plugin'
import type { User } from '../kernel/wire'
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

/** The body field of the code sent to the new address. */
export const NEW_CODE_FIELD = 'code'
/** The body field of the code sent to the current address. */
export const CURRENT_CODE_FIELD = 'current_code'

/**
 * The body fields whose codes a change refused: the server's `data.refused` on 401
 * `invalid_credentials` when the request carried both codes.
 * @param err - what the change call threw.
 * @returns the refused fields (`code`, `current_code`), or undefined when the error does not say.
 * @example
 * ```ts
 * import { refusedCodes } from '../../ui/fresh-proof'
 * refusedCodes(new ApiError(401, { error: 'x', code: 'invalid_credentials', data: { refused: ['code'] } })) // ['code']
 * ```
 */
export function refusedCodes(err: unknown): readonly string[] | undefined {
  if (errorCode(err) !== 'invalid_credentials') return undefined
  const refused = (err as { data?: { refused?: unknown } } | null)?.data?.refused
  return Array.isArray(refused) && refused.every((f) => typeof f === 'string') ? refused : undefined
}

/** Where to ask again for one refused code of a change that carried two. */
export interface RefusedCodeStep {
  /** The field of the code to ask for again: {@link NEW_CODE_FIELD} or {@link CURRENT_CODE_FIELD}. */
  field: typeof NEW_CODE_FIELD | typeof CURRENT_CODE_FIELD
  /** Sends a fresh code to the address that field's code went to. */
  sendCode: () => Promise<unknown>
  /** The screen that asks for it, and its params (carrying the code that was kept). */
  screen: string
  params: Record<string, unknown>
}

/**
 * Reacts to a refused change that carried both codes. When the server refused only `step.field`'s
 * code (the other was right and stays unspent on the server), it sends a fresh code for that field
 * and moves the modal, in place of the current screen, to the screen that asks for it, keeping the
 * other code in its params. Otherwise (the code typed on this screen was refused too, or the answer
 * does not say which) the error is passed on, to be shown on this screen.
 * @param ctx - the plugin's context (navigation).
 * @param err - what the change call threw.
 * @param step - which code to ask for, how to send it, and where.
 * @returns never: rejects with `exited_auth_flow` once the modal moved on; with the send's error
 *   when the code could not be sent; otherwise with `err`.
 * @example
 * ```ts
 * import { askForRefusedCode } from '../../ui/fresh-proof'
 * // On the current-address screen: the new address's code expired, the current one is kept.
 * const verify = (currentCode: string) => update({ code, current_code: currentCode }).catch((err) =>
 *   askForRefusedCode(ctx, err, {
 *     field: 'code',
 *     sendCode: () => ctx.api.request(emailRoutes.init, { email: newAddress }),
 *     screen: 'email/code',
 *     params: { email: newAddress, oldAddress, currentCode },
 *   }))
 * ```
 */
export async function askForRefusedCode(ctx: Pick<PluginContext, 'navigate'>, err: unknown, step: RefusedCodeStep): Promise<never> {
  const refused = refusedCodes(err)
  if (refused?.length !== 1 || refused[0] !== step.field) throw err
  await step.sendCode()
  // In place of this screen: Back still leads to where the change began, and the stack does not grow with retries.
  ctx.navigate(step.screen, step.params, { replace: true })
  throw new PorticoError('The change goes on with a fresh code for the refused one', { code: LOGIN_ABORTED_CODE })
}

/** How a plugin moves one identifier (an email address, a phone number) to a new value with codes. */
export interface AddressChange {
  /** The login method the identifier belongs to (`email`, `sms`). */
  method: string
  /** The value the user holds today, and the one it moves to. */
  current: string
  next: string
  /** The plugin's update call with the codes it carries: `code` sent to `next`, `current_code` to `current`. */
  update: (codes: { code: string; current_code?: string }) => Promise<unknown>
  /** Sends a code to one of the two values (the plugin's init call). */
  sendCode: (to: string) => Promise<unknown>
  /** The screen that asks for the current value's code, keeping the new value's `code`. */
  currentCodeScreen: (code: string) => { screen: string; params: Record<string, unknown> }
  /** The screen that asks for the new value's code, keeping the current value's `currentCode`. */
  newCodeScreen: (currentCode: string) => { screen: string; params: Record<string, unknown> }
}

/**
 * Makes an identifier change from one of its two code screens: the new value's (`typed: 'new'`,
 * with the current value's code when one was already given) or the current value's (`typed:
 * 'current'`). A refusal that needs a fresh proof moves on to the current value's code screen; a
 * refused code of the two is asked for again while the other is kept (see
 * {@link askForFreshProof} and {@link askForRefusedCode}).
 * @param ctx - the plugin's context.
 * @param change - the two values, the update and init calls, and the two code screens.
 * @param codes - the code typed on this screen and, when already known, the other one.
 * @returns the updated user; rejects as the two helpers above do.
 * @example
 * ```ts
 * import { changeAddress } from '../../ui/fresh-proof'
 * changeAddress(ctx, change, { typed: 'new', code: '123456' })
 * ```
 */
export function changeAddress(
  ctx: Pick<PluginContext, 'navigate' | 't' | 'changeAccounts'>,
  change: AddressChange,
  codes: { typed: 'new'; code: string; currentCode?: string | undefined } | { typed: 'current'; code: string; currentCode: string },
): Promise<User> {
  const update = (body: { code: string; current_code?: string }) =>
    ctx.changeAccounts(() => change.update(body), { method: change.method, closeModal: true })
  if (codes.typed === 'current') {
    // This code was right and stays unspent: keep it, and ask only for a fresh code to the new value.
    return update({ code: codes.code, current_code: codes.currentCode }).catch((err: unknown) =>
      askForRefusedCode(ctx, err, { field: NEW_CODE_FIELD, sendCode: () => change.sendCode(change.next), ...change.newCodeScreen(codes.currentCode) }),
    )
  }
  const { code, currentCode } = codes
  if (currentCode) {
    // The kept code to the current value no longer holds (expired meanwhile): ask for a fresh one.
    return update({ code, current_code: currentCode }).catch((err: unknown) =>
      askForRefusedCode(ctx, err, { field: CURRENT_CODE_FIELD, sendCode: () => change.sendCode(change.current), ...change.currentCodeScreen(code) }),
    )
  }
  // The login may be too old to move the value on this code alone: then prove the current one too.
  return update({ code }).catch((err: unknown) =>
    askForFreshProof(ctx, err, { current: change.current, sendCode: () => change.sendCode(change.current), ...change.currentCodeScreen(code) }),
  )
}
