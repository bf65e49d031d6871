/**
 * Pieces shared by the passkey screens: the icon badge and the error reaction.
 * @module
 */
import { BadgeGlyph, IconBadge } from '../../../ui/components/IconBadge'
import type { ScreenContext } from '../../../ui/context'
import { PASSKEY_ICON_PATH } from '../icon'

/** The passkey icon in an accent circle, above a screen's title. */
export function PasskeyIcon() {
  return (
    <IconBadge>
      <BadgeGlyph path={PASSKEY_ICON_PATH} />
    </IconBadge>
  )
}

/** The code of an error, if it carries one. */
export const codeOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** How a passkey screen shows a failure: its own text inline, or another screen (allowlist, limits). */
export type Outcome = { kind: 'navigate'; screen: string; code: string | undefined; message: string } | { kind: 'inline'; message: string; retryable: boolean }

/**
 * Resolves a passkey failure through the kernel's error registry. Codes the passkey table does not
 * claim show 'An unknown error occurred.' unless a screen of their own takes over.
 * @param screen - the passkey screen's context (its plugin's texts, the registry with its id).
 * @param err - the failure.
 * @returns what to show.
 */
export function outcomeOf(screen: Pick<ScreenContext, 'ctx' | 'resolveError'>, err: unknown): Outcome {
  const resolved = screen.resolveError(err)
  const target = resolved.reaction.screen
  if (target && target !== 'portico/error' && !resolved.reaction.inline) {
    return { kind: 'navigate', screen: target, code: resolved.code, message: resolved.message }
  }
  if (resolved.code?.startsWith('PASSKEY_') || resolved.reaction.inline) {
    return { kind: 'inline', message: resolved.message, retryable: resolved.reaction.retryable !== false }
  }
  return { kind: 'inline', message: screen.ctx.t('PASSKEY_UNKNOWN'), retryable: true }
}
