/**
 * The login contract's data: the methods plugins offer on the landing screen, what a login's start
 * carries and what a completed login yields. Hooks and plugins both speak of them.
 * @module
 */
import type { AuthenticatedUser, User } from './wire'
import type { MessageRef } from './messages'

/** Where a login method sits on the landing screen. */
export type LoginGroup = 'web2' | 'web3'

/**
 * A login method as shown on the landing screen.
 * `id` matches the host's `loginMethods` entry (`email`, `sms`, `wallet`, `google`...).
 */
export interface LoginMethodDefinition {
  id: string
  group: LoginGroup
  /** The button's label: a message key, a key with values, or a text as it is. */
  label: MessageRef
  /** The app-config switch that enables it (`email_auth`, `sms_auth`...); with several, any one does. */
  enabledBy: string | readonly string[]
  /**
   * How the method appears on the landing list: a button that opens `screen`, or a direct input
   * rendered inline by the screen module `inline` (hidden when `hideDirectWeb2Inputs`).
   */
  screen: string
  inline?: () => Promise<{ default: unknown }>
  /** Icon as an SVG path string or URL; the UI draws a default when absent. */
  icon?: string
  /**
   * Message key of the account kind on the link-conflict screen ('Email address').
   * @defaultValue '{Provider} profile', the method id capitalised
   */
  accountLabel?: string
  /**
   * Where the method sits when the host lists no order (`loginMethods`): lower comes first; methods
   * without one follow, in plugin order. @defaultValue after every method that has one
   */
  order?: number
}

/**
 * What `PluginContext.beginLogin` hands back: what the login's first request must carry, as
 * the `loginStart` hook's taps answered.
 */
export interface LoginStart {
  /**
   * The value of the `token` field of the login's init call, when a before-login step gave one
   * (the captcha plugin's challenge answer; the server checks it with the app's verifier).
   */
  token?: string
}

/** The result of a completed login, as hooks and `onComplete` see it. */
export interface LoginResult {
  user: User
  isNewUser: boolean
  method: string
  /** Whether the user was already signed in before this call (a link). */
  wasAlreadyAuthenticated: boolean
  raw: AuthenticatedUser
}
