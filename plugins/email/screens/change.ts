/**
 * The email address change as its two code screens make it (the new address's, the current one's).
 * @module
 */
import type { PluginContext } from '../../../kernel'
import type { AddressChange } from '../../../ui/fresh-proof'
import { emailRoutes } from '../api'

/**
 * The change of `current` to `next` through the email routes and screens.
 * @param ctx - the email plugin's context.
 * @param current - the address the user holds today.
 * @param next - the address it moves to.
 * @returns the change, for `changeAddress`.
 * @example
 * ```ts
 * changeAddress(ctx, emailChange(ctx, 'old@example.com', 'new@example.com'), { typed: 'new', code })
 * ```
 */
export function emailChange(ctx: Pick<PluginContext, 'api'>, current: string, next: string): AddressChange {
  return {
    method: 'email',
    current,
    next,
    update: (codes) => ctx.api.request(emailRoutes.update, { oldAddress: current, newAddress: next, ...codes }),
    sendCode: (to) => ctx.api.request(emailRoutes.init, { email: to }),
    currentCodeScreen: (code) => ({ screen: 'email/current-code', params: { email: current, newAddress: next, code } }),
    newCodeScreen: (currentCode) => ({ screen: 'email/code', params: { email: next, oldAddress: current, currentCode } }),
  }
}
