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

/** Whether a table entry applies to the failed step (entries without `steps` apply to all). */
function appliesTo(reaction: ErrorReaction, step: string | undefined): boolean {
  return !reaction.steps || (step !== undefined && reaction.steps.includes(step))
}

function fromTable(table: ErrorTable | undefined, code: string, err: PorticoError, step: string | undefined): [string, ErrorReaction] | null {
  if (!table) return null
  for (const [key, reaction] of Object.entries(table)) {
    if (!(reaction.from as readonly string[] | undefined)?.includes(code)) continue
    if (!appliesTo(reaction, step)) continue
    if (code === 'account_transfer_required' && !(err as ApiError).data?.nonce) continue
    return [key, reaction]
  }
  return null
}

/**
 * Resolves an error to a reaction and its text: the one place an error is mapped; screens and
 * headless hooks ask here instead of mapping codes themselves.
 * Order: the `mapError` hook; a plugin's table key equal to the error's code; the error table of the
 * plugin that owns `context.method` (entries whose `from` lists the wire code, and whose `steps`, if
 * any, name `context.step`); the kernel's table; otherwise the generic error screen (HTTP 400 and 422
 * show the server's message). An outcome on the generic error screen gives way to the owner's
 * `fallback` entry for the step, when it has one.
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
  const [resolved, byHook] = resolveByTables(error, context, deps)
  if (byHook || resolved.reaction.screen !== GENERIC_ERROR_REACTION.screen) return resolved
  const owner = deps.plugins.find((p) => ownsMethod(p, context.method))
  const fallback = Object.entries(owner?.errors ?? {}).find(([, r]) => r.fallback && appliesTo(r, context.step))
  if (!fallback) return resolved
  const [key, reaction] = fallback
  return { code: key, reaction, message: reaction.message && deps.hasMessage(reaction.message) ? deps.t(reaction.message) : resolved.message }
}

/** The resolution before the step's fallback; true when the `mapError` hook answered (it has the last word). */
function resolveByTables(error: unknown, context: ErrorContext, deps: ErrorResolverDeps): [ResolvedError, boolean] {
  const err = toPorticoError(error)
  const code = err.code
  const text = (reaction: ErrorReaction, fallbackKey: string | undefined): string => {
    const key = reaction.message ?? fallbackKey
    if (key && deps.hasMessage(key)) return deps.t(key)
    return err.shortMessage || deps.t('PORTICO_GENERIC_DETAIL')
  }

  const mapped = deps.hooks.mapError.call(err, context)
  if (mapped) return [{ code, reaction: mapped, message: text(mapped, code) }, true]

  if (code) {
    for (const p of deps.plugins) {
      const own = p.errors?.[code]
      if (own) return [{ code, reaction: own, message: text(own, code) }, false]
    }
    const owner = deps.plugins.find((p) => ownsMethod(p, context.method))
    const hit = fromTable(owner?.errors, code, err, context.step) ?? fromTable(KERNEL_ERRORS, code, err, context.step)
    if (hit) return [{ code: hit[0], reaction: hit[1], message: text(hit[1], hit[0]) }, false]
    if (code === LOGIN_ABORTED_CODE) {
      return [{ code, reaction: {}, message: deps.t('PORTICO_LOGIN_CANCELLED') }, false]
    }
  }

  const status = (err as Partial<ApiError>).status
  if ((status === 400 || status === 422) && err.shortMessage) {
    return [{ code, reaction: { ...GENERIC_ERROR_REACTION, message: undefined }, message: err.shortMessage }, false]
  }
  return [{ code, reaction: GENERIC_ERROR_REACTION, message: deps.t('PORTICO_GENERIC_DETAIL') }, false]
}
