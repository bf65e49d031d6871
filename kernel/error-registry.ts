/**
 * Error resolution: turns any error thrown in a modal flow into a reaction (a screen to go to, or
 * a text to show inline) and its text. The `mapError` hook answers first, then the login method's
 * plugin, then the kernel's own table for the wire codes that have dedicated screens.
 * @module
 */
import { PorticoError, defineErrorCodes, type ApiError, type ErrorReaction, type ErrorTable } from './errors'
import type { ErrorContext, KernelHooks } from './hooks'
import type { PluginDefinition } from './plugin'
import type { ResolvedError } from './types'
import { WALLET_ERROR_CODES } from './wallet-types'

/**
 * The kernel's reactions to wire codes (spec section 8). `account_transfer_required` applies only
 * when the body carries `data.nonce`.
 * @example
 * ```ts
 * import { KERNEL_ERRORS } from 'portico/kernel'
 * KERNEL_ERRORS.PORTICO_ALLOWLIST_REJECTED.screen // 'portico/allowlist'
 * ```
 */
export const KERNEL_ERRORS = defineErrorCodes('PORTICO', {
  PORTICO_ALLOWLIST_REJECTED: {
    from: ['allowlist_rejected'],
    screen: 'portico/allowlist',
    message: 'PORTICO_ALLOWLIST_TITLE',
  },
  PORTICO_USER_LIMIT_REACHED: {
    from: ['max_accounts_reached'],
    screen: 'portico/user-limit',
    message: 'PORTICO_USER_LIMIT_TITLE',
  },
  PORTICO_USER_DOES_NOT_EXIST: { from: ['user_does_not_exist'], screen: 'portico/account-not-found' },
  PORTICO_TOO_MANY_REQUESTS: {
    from: ['too_many_requests'],
    inline: true,
    retryable: true,
    message: 'PORTICO_TOO_MANY_REQUESTS',
  },
  PORTICO_ACCOUNT_TRANSFER_REQUIRED: { from: ['account_transfer_required'], screen: 'portico/link-conflict' },
  PORTICO_LINKED_TO_ANOTHER_USER: {
    from: ['linked_to_another_user'],
    screen: 'portico/error',
    message: 'PORTICO_LINKED_TO_ANOTHER_USER',
  },
  // Portico's own code: a sensitive change needs a recent login, so the way on is to log in again.
  PORTICO_REAUTHENTICATION_REQUIRED: {
    from: ['reauthentication_required'],
    inline: true,
    message: 'PORTICO_REAUTHENTICATION_REQUIRED',
  },
})

/**
 * Reactions to the wallet layer's client codes ({@link WALLET_ERROR_CODES}), keyed by code. Entries
 * without `message` show the error's own text, which names the chain or what was missing
 * ('Unsupported chainId: eip155:5', 'Unable to retrieve accounts').
 * @example
 * ```ts
 * import { WALLET_ERRORS, WALLET_ERROR_CODES } from 'portico/kernel'
 * WALLET_ERRORS[WALLET_ERROR_CODES.rejected].retryable // true
 * ```
 */
export const WALLET_ERRORS: ErrorTable = Object.freeze({
  [WALLET_ERROR_CODES.rejected]: { inline: true, retryable: true, message: 'PORTICO_WALLET_REJECTED' },
  [WALLET_ERROR_CODES.timeout]: { inline: true, retryable: true, message: 'PORTICO_WALLET_TIMEOUT' },
  [WALLET_ERROR_CODES.aborted]: { inline: true, retryable: true, message: 'PORTICO_WALLET_ABORTED' },
  [WALLET_ERROR_CODES.notConnected]: { inline: true, retryable: true, message: 'PORTICO_WALLET_NOT_CONNECTED' },
  [WALLET_ERROR_CODES.unsupportedChain]: { inline: true, retryable: false },
  [WALLET_ERROR_CODES.unsupportedMethod]: { inline: true, retryable: false, message: 'PORTICO_WALLET_INVALID_PARAMS' },
  [WALLET_ERROR_CODES.disconnected]: { inline: true, retryable: true, message: 'PORTICO_WALLET_DISCONNECTED' },
  [WALLET_ERROR_CODES.unavailable]: { inline: true, retryable: true },
  [WALLET_ERROR_CODES.pending]: { inline: true, retryable: true, message: 'PORTICO_WALLET_PENDING' },
  [WALLET_ERROR_CODES.failed]: { inline: true, retryable: true, message: 'PORTICO_WALLET_CONNECT_FAILED' },
})

/** The login method id of wallet sign-in and linking, as the error context names it. */
export const WALLET_METHOD = 'wallet'

/** A wallet already linked to another user: the wallet screen asks for another wallet ('Use a different wallet'). */
export const WALLET_USER_EXISTS_REACTION: ErrorReaction = Object.freeze({
  inline: true,
  retryable: true,
  message: 'PORTICO_WALLET_USE_DIFFERENT',
})

/** The reaction to anything no table claims: the generic error screen. */
export const GENERIC_ERROR_REACTION: ErrorReaction = Object.freeze({
  screen: 'portico/error',
  message: 'PORTICO_GENERIC_DETAIL',
  retryable: true,
})

/** Code of the error the kernel throws when the user aborts a login step (terms declined). */
export const LOGIN_ABORTED_CODE = 'exited_auth_flow'

/**
 * Wraps anything thrown into a {@link PorticoError}, keeping Portico errors as they are.
 * @param err - the thrown value.
 * @returns a PorticoError (its `cause` is the original when wrapped).
 * @example
 * ```ts
 * import { toPorticoError } from 'portico/kernel'
 * toPorticoError(new TypeError('x')).shortMessage // 'x'
 * ```
 */
export function toPorticoError(err: unknown): PorticoError {
  // Duck-typed rather than instanceof: a page may load two copies of the package.
  if (err instanceof PorticoError) return err
  if (err && typeof err === 'object' && 'shortMessage' in err && 'walk' in err) return err as PorticoError
  const message = err instanceof Error ? err.message : String(err)
  return new PorticoError(message || 'Unknown error', { cause: err })
}

/** What {@link resolveError} needs from the kernel. */
export interface ErrorResolverDeps {
  hooks: Pick<KernelHooks, 'mapError'>
  plugins: readonly PluginDefinition[]
  /** Translates a key; returns the key itself when unknown. */
  t: (key: string, values?: Record<string, string | number>) => string
  /** Whether a message key exists. */
  hasMessage: (key: string) => boolean
}

function ownsMethod(plugin: PluginDefinition, method: string | undefined): boolean {
  if (!method) return false
  return plugin.id === method || (plugin.loginMethods ?? []).some((m) => m.id === method)
}

function fromTable(table: ErrorTable | undefined, code: string, err: PorticoError): [string, ErrorReaction] | null {
  if (!table) return null
  for (const [key, reaction] of Object.entries(table)) {
    if (!(reaction.from as readonly string[] | undefined)?.includes(code)) continue
    if (code === 'account_transfer_required' && !(err as ApiError).data?.nonce) continue
    return [key, reaction]
  }
  return null
}

/**
 * Resolves an error to a reaction and its text.
 * Order: the `mapError` hook; the wallet codes ({@link WALLET_ERRORS}; `linked_to_another_user` in
 * the `wallet` method's context is 'Use a different wallet'); a table key equal to the error's code; the error table of the
 * plugin that owns `context.method` (entries whose `from` lists the wire code); the kernel's
 * table; otherwise the generic error screen (HTTP 400 and 422 show the server's message).
 * @param error - what was thrown.
 * @param context - the login method and screen, when known.
 * @param deps - hooks, plugins and translation.
 * @returns the code (the matched table key, else the error's own code), the reaction and the text.
 * @example
 * ```ts
 * import { resolveError, createHooks, ApiError, kernelMessages, format } from 'portico/kernel'
 * const r = resolveError(new ApiError(401, { error: 'no', code: 'allowlist_rejected' }), {}, {
 *   hooks: createHooks(), plugins: [], hasMessage: (k) => k in kernelMessages,
 *   t: (k) => (kernelMessages as Record<string, string>)[k] ?? k,
 * })
 * r.reaction.screen // 'portico/allowlist'
 * ```
 */
export function resolveError(error: unknown, context: ErrorContext, deps: ErrorResolverDeps): ResolvedError {
  const err = toPorticoError(error)
  const code = err.code
  const text = (reaction: ErrorReaction, fallbackKey: string | undefined): string => {
    const key = reaction.message ?? fallbackKey
    if (key && deps.hasMessage(key)) return deps.t(key)
    return err.shortMessage || deps.t('PORTICO_GENERIC_DETAIL')
  }

  const mapped = deps.hooks.mapError.call(err, context)
  if (mapped) return { code, reaction: mapped, message: text(mapped, code) }

  if (code) {
    const wallet = WALLET_ERRORS[code]
    if (wallet) return { code, reaction: wallet, message: text(wallet, code) }
    // Only within a wallet flow: elsewhere the same wire code shows the generic linked-account screen.
    if (code === 'linked_to_another_user' && context.method === WALLET_METHOD) {
      return { code, reaction: WALLET_USER_EXISTS_REACTION, message: text(WALLET_USER_EXISTS_REACTION, code) }
    }
    for (const p of deps.plugins) {
      const own = p.errors?.[code]
      if (own) return { code, reaction: own, message: text(own, code) }
    }
    const owner = deps.plugins.find((p) => ownsMethod(p, context.method))
    const hit = fromTable(owner?.errors, code, err) ?? fromTable(KERNEL_ERRORS, code, err)
    if (hit) return { code: hit[0], reaction: hit[1], message: text(hit[1], hit[0]) }
    if (code === LOGIN_ABORTED_CODE) {
      return { code, reaction: {}, message: deps.t('PORTICO_LOGIN_CANCELLED') }
    }
  }

  const status = (err as Partial<ApiError>).status
  if ((status === 400 || status === 422) && err.shortMessage) {
    return { code, reaction: { ...GENERIC_ERROR_REACTION, message: undefined }, message: err.shortMessage }
  }
  return { code, reaction: GENERIC_ERROR_REACTION, message: deps.t('PORTICO_GENERIC_DETAIL') }
}
