/**
 * Turns an OAuth failure into what the status screen shows: the OAuth column of the error
 * catalogue (spec section 8), with the provider and scopes filled in.
 * @module
 */
import { KERNEL_ERRORS } from '../../../kernel/error-registry'
import { messageKeyOf, type ApiError, type ErrorReaction, type ErrorTable } from '../../../kernel/errors'
import type { MessageKey, Translate } from '../../../kernel/messages'
import { OAUTH_CLIENT_CODES, OAUTH_ERRORS, type OAuthErrorCode } from '../errors'

/** What the status screen shows for a failure, or where the modal goes instead. */
export interface OAuthErrorView {
  /** The OAuth error code (or the kernel's, for a dedicated screen). */
  code: string
  /** The detail line under 'Authentication failed'. */
  message: string
  retryable: boolean
  /** A dedicated screen to go to instead (allowlist, user limit, account not found, in-app browser...). */
  screen?: string
}

/** The wire or client code an error carries. */
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
 * Whether a rate-limit message blames the provider rather than this server ("Google rate limit
 * reached", "rate limited by the provider").
 * @param message - the server's error text.
 * @param providerName - the provider's display name.
 * @returns true when it names the provider (or "provider") together with a rate limit.
 * @example
 * ```ts
 * mentionsProviderRateLimit('Provider rate limit exceeded', 'Google') // true
 * mentionsProviderRateLimit('Too many requests', 'Google') // false
 * ```
 */
export function mentionsProviderRateLimit(message: string, providerName: string | null): boolean {
  if (!/rate[\s_-]?limit/i.test(message)) return false
  if (/provider/i.test(message)) return true
  return !!providerName && message.toLowerCase().includes(providerName.toLowerCase())
}

/**
 * Maps a failure of the OAuth flow to its view.
 * @param err - what was thrown (an `ApiError` from the server or a client `PorticoError`).
 * @param provider - the provider's display name (null: unknown) and scope phrase.
 * @param t - the kernel's translator.
 * @returns the view, or null when nothing should be shown (the user left a step).
 * @example
 * ```ts
 * import { oauthErrorView } from 'portico/plugins/oauth'
 * oauthErrorView(new ApiError(403, { error: 'suspended', code: 'oauth_account_suspended' }), { name: 'Google', scopes: null }, ctx.t)
 * // { code: 'OAUTH_ACCOUNT_SUSPENDED', message: 'Your Google account is suspended. Please try another login method.', retryable: false }
 * ```
 */
export function oauthErrorView(
  err: unknown,
  provider: { name: string | null; scopes: string | null },
  t: Translate,
): OAuthErrorView | null {
  const code = codeOf(err)
  if (code === 'exited_auth_flow') return null
  const name = provider.name ?? t('OAUTH_UNKNOWN_PROVIDER')
  const values = { provider: name, scopes: provider.scopes ?? t('OAUTH_SCOPES_FALLBACK') }
  const view = (key: OAuthErrorCode, messageKey?: MessageKey): OAuthErrorView => {
    const reaction: ErrorReaction = OAUTH_ERRORS[key]
    return {
      code: key,
      message: t(messageKey ?? messageKeyOf(key, reaction), values),
      retryable: reaction.retryable === true,
      ...(reaction.screen ? { screen: reaction.screen } : {}),
    }
  }

  if (code === OAUTH_CLIENT_CODES.userDenied) return view('OAUTH_USER_DENIED')
  if (code === OAUTH_CLIENT_CODES.stateMismatch) return view('OAUTH_STATE_MISMATCH')
  if (code === OAUTH_CLIENT_CODES.inAppBrowser) return view('OAUTH_IN_APP_BROWSER')
  if (code === 'too_many_requests') {
    return mentionsProviderRateLimit(messageOf(err), provider.name)
      ? view('OAUTH_TOO_MANY_REQUESTS', 'OAUTH_PROVIDER_RATE_LIMITED')
      : view('OAUTH_TOO_MANY_REQUESTS')
  }
  if (code) {
    // The wire codes with dedicated kernel screens (allowlist, user limit, account not found, transfer).
    for (const [key, reaction] of Object.entries(KERNEL_ERRORS as ErrorTable)) {
      if (!reaction.screen || reaction.screen === 'portico/error') continue
      if (!(reaction.from as readonly string[] | undefined)?.includes(code)) continue
      if (code === 'account_transfer_required' && !(err as ApiError).data?.nonce) continue
      return { code: key, message: messageOf(err), retryable: false, screen: reaction.screen }
    }
    for (const [key, reaction] of Object.entries(OAUTH_ERRORS)) {
      if ((reaction as { from?: readonly string[] }).from?.includes(code)) return view(key as OAuthErrorCode)
    }
  }
  return view('OAUTH_UNEXPECTED')
}
