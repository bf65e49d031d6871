/**
 * The SMS method as the MFA core uses it.
 * @module
 */
import type { PluginContext } from '../../kernel/plugin'
import type { MfaMethod } from '../mfa'
import { mfaSmsRoutes } from './api'

/** A phone: the method's icon (24×24 path). */
export const MFA_SMS_ICON_PATH = 'M8 2.5h8A1.5 1.5 0 0 1 17.5 4v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5Zm3 15.5h2'

/**
 * The method of one kernel.
 * @param ctx - the plugin's context.
 * @returns the method.
 */
export function smsMethod(ctx: PluginContext): MfaMethod {
  return {
    id: 'sms',
    label: 'MFA_SMS_LABEL',
    description: 'MFA_SMS_DESCRIPTION',
    icon: MFA_SMS_ICON_PATH,
    entry: 'code',
    prompt: 'MFA_SMS_PROMPT',
    async init() {
      await ctx.api.request(mfaSmsRoutes.init, { action: 'verify' })
    },
    verify: async (code) => (await ctx.api.request(mfaSmsRoutes.verify, { code: code ?? '' })).token,
    enrollScreen: 'mfa-sms/enroll',
    async unenroll(headers) {
      await ctx.api.request(mfaSmsRoutes.unenroll, {}, { headers })
    },
    removeTitle: 'MFA_SMS_REMOVE_TITLE',
    removeBody: 'MFA_SMS_REMOVE_BODY',
  }
}
