/**
 * The passkey accounts of a user, and the list rules of the management screen.
 * @module
 */
import type { User } from '../../kernel/wire'

/** A passkey linked account, as the User object carries it. */
export interface PasskeyAccount {
  type: 'passkey'
  credential_id: string
  enrolled_in_mfa: boolean
  authenticator_name?: string
  /** The user's own name for it (`POST /passkeys/label`). */
  label?: string
  public_key?: string
  created_with_browser?: string
  created_with_os?: string
  created_with_device?: string
  verified_at: number
  first_verified_at: number | null
  latest_verified_at: number | null
}

/** The longest name a user may give a passkey, in characters. */
export const MAX_PASSKEY_LABEL = 64

/** The most passkeys a user may hold; the Add button hides at this many. */
export const MAX_PASSKEYS = 5
/** How many passkeys the collapsed list shows (one fewer when there are more, to make room for 'View All'). */
export const COLLAPSED_PASSKEYS = 3

/**
 * The passkeys of a user.
 * @param user - the user (null when signed out).
 * @returns its passkey accounts, oldest first.
 * @example
 * ```ts
 * import { passkeysOf } from 'portico/plugins/passkey'
 * passkeysOf(user).map((p) => p.credential_id)
 * ```
 */
export function passkeysOf(user: User | null | undefined): PasskeyAccount[] {
  return ((user?.linked_accounts ?? []) as { type: string }[]).filter(
    (a): a is PasskeyAccount => a.type === 'passkey',
  )
}

/**
 * Which passkeys the management list shows: all when expanded; otherwise 3, or 2 when there are
 * more than 3 (the third row becomes 'View All').
 * @param passkeys - the user's passkeys.
 * @param expanded - the user pressed 'View All'.
 * @returns the visible passkeys and whether to offer 'View All'.
 * @example
 * ```ts
 * import { visiblePasskeys } from 'portico/plugins/passkey'
 * visiblePasskeys(list, false) // { shown: list.slice(0, 2), viewAll: true } for 4 passkeys
 * ```
 */
export function visiblePasskeys<T>(passkeys: readonly T[], expanded: boolean): { shown: T[]; viewAll: boolean } {
  if (expanded || passkeys.length <= COLLAPSED_PASSKEYS) return { shown: [...passkeys], viewAll: false }
  return { shown: passkeys.slice(0, COLLAPSED_PASSKEYS - 1), viewAll: true }
}

/**
 * Whether the user may add another passkey (the Add button hides at {@link MAX_PASSKEYS}).
 * @param count - how many passkeys the user has.
 * @returns true below the limit.
 * @example
 * ```ts
 * import { canAddPasskey } from 'portico/plugins/passkey'
 * canAddPasskey(5) // false
 * ```
 */
export function canAddPasskey(count: number): boolean {
  return count < MAX_PASSKEYS
}
