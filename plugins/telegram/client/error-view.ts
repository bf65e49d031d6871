/**
 * Turns a Telegram failure into what the Telegram screen shows: the Telegram column of the error
 * catalogue (spec section 8).
 * @module
 */
import { KERNEL_ERRORS } from '../../../kernel/error-registry'
import { messageKeyOf, type ApiError, type ErrorReaction, type ErrorTable } from '../../../kernel/errors'
import type { Translate } from '../../../kernel/messages'
import { TELEGRAM_CLIENT_CODES, TELEGRAM_ERRORS, type TelegramErrorCode } from '../errors'

/** What the Telegram screen shows for a failure, or where the modal goes instead. */
export interface TelegramErrorView {
  /** The Telegram error code (or the kernel's, for a dedicated screen). */
  code: string
  /** The detail line under 'Authentication failed'. */
  message: string
  retryable: boolean
  /** A dedicated kernel screen to go to instead (allowlist, user limit, account not found, transfer). */
  screen?: string
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

function messageOf(err: unknown): string {
  const e = err as { shortMessage?: unknown; message?: unknown } | null
  if (typeof e?.shortMessage === 'string') return e.shortMessage
  return typeof e?.message === 'string' ? e.message : ''
}

/**
 * Maps a failure of the Telegram flow to its view.
 * @param err - what was thrown (an `ApiError` from the server or a client `PorticoError`).
 * @param t - the kernel's translator.
 * @returns the view, or null when nothing should be shown (the user left the captcha step).
 * @example
 * ```ts
 * import { telegramErrorView } from 'portico/plugins/telegram'
 * telegramErrorView(new ApiError(400, { error: 'no', code: 'disallowed_login_method' }), ctx.t)
 * // { code: 'TELEGRAM_DISALLOWED', message: 'Login with Telegram not allowed.', retryable: false }
 * ```
 */
export function telegramErrorView(err: unknown, t: Translate): TelegramErrorView | null {
  const code = codeOf(err)
  if (code === 'exited_auth_flow') return null
  const view = (key: TelegramErrorCode): TelegramErrorView => {
    const reaction: ErrorReaction = TELEGRAM_ERRORS[key]
    return { code: key, message: t(messageKeyOf(key, reaction)), retryable: reaction.retryable === true }
  }
  if (code === TELEGRAM_CLIENT_CODES.cancelled) return view('TELEGRAM_CANCELLED')
  if (code === TELEGRAM_CLIENT_CODES.scriptFailed) return view('TELEGRAM_SCRIPT_FAILED')
  if (code) {
    // Wire codes with dedicated kernel screens (allowlist, user limit, account not found, transfer).
    for (const [key, reaction] of Object.entries(KERNEL_ERRORS as ErrorTable)) {
      if (!reaction.screen || reaction.screen === 'portico/error') continue
      if (!(reaction.from as readonly string[] | undefined)?.includes(code)) continue
      if (code === 'account_transfer_required' && !(err as ApiError).data?.nonce) continue
      return { code: key, message: messageOf(err), retryable: false, screen: reaction.screen }
    }
    for (const [key, reaction] of Object.entries(TELEGRAM_ERRORS)) {
      if ((reaction as { from?: readonly string[] }).from?.includes(code)) return view(key as TelegramErrorCode)
    }
  }
  return view('TELEGRAM_UNEXPECTED')
}
