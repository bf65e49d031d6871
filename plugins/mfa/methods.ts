/**
 * What an MFA method plugin contributes to the MFA core, and the hooks it contributes through. The
 * core names no method: `mfa-sms`, `mfa-totp` and `mfa-passkey` (or a third party's) each tap
 * {@link mfaHooks}`.methods` with one {@link MfaMethod}, the way login plugins add login methods.
 * @module
 */
import { defineHooks } from '../../kernel/hook-bus'
import type { SyncBailHook, SyncWaterfallHook } from '../../kernel/hooks'
import type { MessageKey } from '../../kernel/messages'
import type { MfaController } from './controller'

/** The header that carries a fresh MFA token on a guarded request (`{token}` of a verify route). */
export const MFA_TOKEN_HEADER = 'privy-mfa-token'

/** Extra headers of a request that needs a fresh MFA token (empty when none is needed). */
export type MfaHeaders = Record<string, string>

/**
 * One MFA method, as its plugin registers it with the core. Texts are message keys of the method
 * plugin's table.
 */
export interface MfaMethod {
  /** The method's id as `mfa_methods[].type` and the app's `mfa.methods` name it (`sms`, `totp`, `passkey`). */
  id: string
  /** Message key of its name on the method tiles ('Authenticator app'). */
  label: MessageKey
  /** Message key of the line under its name on the enrolment tiles. */
  description: MessageKey
  /** An SVG path (24×24) of its icon. */
  icon: string
  /**
   * `code`: the user types a 6-digit code into the core's code boxes; `device`: the method verifies
   * with the device itself (a passkey) when the user presses the core's button.
   */
  entry: 'code' | 'device'
  /** Message key of the text above the code boxes or the device button ('Enter the code sent to your phone'). */
  prompt: MessageKey
  /** Prepares a verification: texts a code (SMS); resolves at once when there is nothing to prepare. */
  init(): Promise<void>
  /**
   * Checks the code (code methods) or runs the device ceremony (device methods).
   * @param code - the 6 digits; undefined for a device method.
   * @returns the MFA token the server issued.
   * @throws the API's error: a wrong code is `missing_or_invalid_mfa` (or `invalid_credentials`).
   */
  verify(code?: string): Promise<string>
  /** The method's first enrolment screen, opened as a step: it resolves the step once enrolled. */
  enrollScreen: string
  /**
   * Removes the method from the signed-in user.
   * @param headers - the fresh MFA token's header, when the user has a method enrolled.
   */
  unenroll(headers: MfaHeaders): Promise<void>
  /** Message key of the removal confirmation's title ('Remove SMS verification?'). */
  removeTitle: MessageKey
  /** Message key of the removal confirmation's text. */
  removeBody: MessageKey
}

/** The hooks of the MFA core. */
export interface MfaHooks {
  /** Called by the core: each method plugin adds its {@link MfaMethod}. Waterfall. */
  methods: SyncWaterfallHook<MfaMethod[]>
  /** Called by {@link mfaOf}: the core answers with its kernel's controller. Bail. */
  controller: SyncBailHook<[], MfaController>
}

/**
 * The MFA core's hooks of a kernel.
 * @param owner - a plugin context or a kernel.
 * @returns the hooks.
 * @example
 * ```ts
 * import { mfaHooks } from 'portico/plugins/mfa'
 * setup(ctx) { return mfaHooks(ctx).methods.tap('mfa-email', (list) => [...list, emailMethod(ctx)]) }
 * ```
 */
export const mfaHooks = defineHooks('mfa', (make): MfaHooks => ({ methods: make.syncWaterfall(), controller: make.syncBail() }))

/**
 * The MFA controller of a kernel.
 * @param owner - a plugin context or a kernel.
 * @returns the controller.
 * @throws Error when the `mfa()` plugin is not registered.
 */
export function mfaOf(owner: Parameters<typeof mfaHooks>[0]): MfaController {
  const controller = mfaHooks(owner).controller.call()
  if (!controller) throw new Error('The mfa plugin is not registered')
  return controller
}
