/**
 * The passkey method as the MFA core uses it: a device method (no code); the WebAuthn library
 * loads with the first verification.
 * @module
 */
import type { PluginContext } from '../../kernel/plugin'
import type { MfaMethod } from '../mfa'
import { fromAuthenticationResponse, PASSKEY_ICON_PATH, toPasskeyError, toRequestOptions } from '../passkey'
import { mfaPasskeyRoutes } from './api'

/** Spec 02 §9: passkeys listed before 'View all'. */
export const MFA_PASSKEYS_COLLAPSED = 2

/**
 * Verifies with one of the user's MFA passkeys.
 * @param ctx - the plugin's context.
 * @returns the MFA token.
 * @throws `PASSKEY_NOT_ALLOWED` ('Passkey request timed out or rejected by user.') when the user dismissed the prompt.
 */
export async function verifyWithPasskey(ctx: PluginContext): Promise<string> {
  const [lib, init] = await Promise.all([import('@simplewebauthn/browser'), ctx.api.request(mfaPasskeyRoutes.init, {})])
  let answer
  try {
    answer = await lib.startAuthentication({ optionsJSON: toRequestOptions(init.options) })
  } catch (error) {
    throw toPasskeyError(error)
  }
  const { token } = await ctx.api.request(mfaPasskeyRoutes.verify, {
    authenticator_response: fromAuthenticationResponse(answer),
    ...(init.relying_party ? { relying_party: init.relying_party } : {}),
  })
  return token
}

/**
 * The method of one kernel.
 * @param ctx - the plugin's context.
 * @returns the method.
 */
export function passkeyMethod(ctx: PluginContext): MfaMethod {
  return {
    id: 'passkey',
    label: 'MFA_PASSKEY_LABEL',
    description: 'MFA_PASSKEY_DESCRIPTION',
    icon: PASSKEY_ICON_PATH,
    entry: 'device',
    prompt: 'MFA_PASSKEY_PROMPT',
    init: async () => undefined,
    verify: () => verifyWithPasskey(ctx),
    enrollScreen: 'mfa-passkey/enroll',
    async unenroll(headers) {
      // The passkeys stay as login passkeys: only their MFA role ends.
      await ctx.api.request(mfaPasskeyRoutes.enrollment, { credential_ids: [], remove_for_login: false }, { headers })
    },
    removeTitle: 'MFA_PASSKEY_REMOVE_TITLE',
    removeBody: 'MFA_PASSKEY_REMOVE_BODY',
  }
}
