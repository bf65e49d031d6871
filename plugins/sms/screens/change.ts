/**
 * The phone number change as its two code screens make it (the new number's, the current one's).
 * @module
 */
import type { PluginContext } from '../../../kernel'
import type { AddressChange } from '../../../ui/fresh-proof'
import { smsRoutes } from '../api'

/**
 * The change of `current` to `next` through the SMS routes and screens.
 * @param ctx - the SMS plugin's context.
 * @param current - the number the user holds today.
 * @param next - the number it moves to.
 * @returns the change, for `changeAddress`.
 * @example
 * ```ts
 * changeAddress(ctx, smsChange(ctx, '+14155550100', '+14155550123'), { typed: 'new', code })
 * ```
 */
export function smsChange(ctx: Pick<PluginContext, 'api'>, current: string, next: string): AddressChange {
  return {
    method: 'sms',
    current,
    next,
    update: (codes) => ctx.api.request(smsRoutes.update, { old_phone_number: current, new_phone_number: next, ...codes }),
    sendCode: (to) => ctx.api.request(smsRoutes.init, { phoneNumber: to }),
    currentCodeScreen: (code) => ({ screen: 'sms/current-code', params: { phoneNumber: current, newPhoneNumber: next, code } }),
    newCodeScreen: (currentCode) => ({ screen: 'sms/code', params: { phoneNumber: next, oldPhoneNumber: current, currentCode } }),
  }
}
