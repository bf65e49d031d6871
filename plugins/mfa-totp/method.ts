/**
 * The authenticator-app method as the MFA core uses it.
 * @module
 */
import type { PluginContext } from '../../kernel/plugin'
import type { MfaMethod } from '../mfa'
import { mfaTotpRoutes } from './api'

/** A clock face: the method's icon (24×24 path). */
export const TOTP_ICON_PATH = 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z'

/**
 * The method of one kernel.
 * @param ctx - the plugin's context.
 * @returns the method.
 */
export function totpMethod(ctx: PluginContext): MfaMethod {
  return {
    id: 'totp',
    label: 'MFA_TOTP_LABEL',
    description: 'MFA_TOTP_DESCRIPTION',
    icon: TOTP_ICON_PATH,
    entry: 'code',
    prompt: 'MFA_TOTP_PROMPT',
    // The app computes codes itself: nothing to send.
    init: async () => undefined,
    verify: async (code) => (await ctx.api.request(mfaTotpRoutes.verify, { code: code ?? '' })).token,
    enrollScreen: 'mfa-totp/enroll',
    async unenroll(headers) {
      await ctx.api.request(mfaTotpRoutes.unenroll, {}, { headers })
    },
    removeTitle: 'MFA_TOTP_REMOVE_TITLE',
    removeBody: 'MFA_TOTP_REMOVE_BODY',
  }
}
