/**
 * Parts the MFA screens share: the method tile and the success delay.
 * @module
 */
import type { PluginContext } from '../../../kernel'
import { LoginMethodButton } from '../../../ui/components/LoginMethodButton'
import { BadgeGlyph, IconBadge } from '../../../ui/components/IconBadge'
import type { MfaMethod } from '../methods'
import { MFA_CLIENT_CODES, MFA_ERRORS } from '../errors'

/** How long a success view shows before its step ends, in ms. */
export const MFA_SUCCESS_DELAY_MS = 1400

/** A shield: the MFA screens' icon. */
export const SHIELD_PATH = 'M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6l-7-3Zm-3 9 2 2 4-4'

/** Props of {@link MethodTile}. */
export interface MethodTileProps {
  ctx: PluginContext
  method: MfaMethod
  onClick: () => void
  disabled?: boolean
}

/**
 * One method as a tile: its icon and name.
 * @param props - the method and what a click does.
 * @returns the tile.
 */
export function MethodTile({ ctx, method, onClick, disabled }: MethodTileProps) {
  return <LoginMethodButton label={ctx.t(method.label)} icon={method.icon} onClick={onClick} disabled={disabled} />
}

/**
 * The text of an error on an MFA screen: the spec's texts for the verification's own codes, the error
 * registry for the API's, and a method's own text for its client errors (a dismissed passkey prompt).
 * @param ctx - the MFA plugin's context.
 * @param error - the error.
 * @returns the text.
 */
export function mfaErrorText(ctx: PluginContext, error: unknown): string {
  const own = MFA_CLIENT_CODES[String((error as { code?: unknown } | null)?.code)]
  if (own) return ctx.t(MFA_ERRORS[own].message)
  const resolved = ctx.resolveError(error, { method: 'mfa' })
  // A method's own client error (a dismissed passkey prompt) already says what happened.
  const local = error as { status?: unknown; shortMessage?: unknown } | null
  if (resolved.code === 'MFA_UNKNOWN' && local?.status === undefined && typeof local?.shortMessage === 'string' && local.shortMessage) return local.shortMessage
  return resolved.message
}

/**
 * The shield badge of the MFA screens.
 * @returns the icon.
 */
export function ShieldIcon() {
  return (
    <IconBadge>
      <BadgeGlyph path={SHIELD_PATH} />
    </IconBadge>
  )
}
