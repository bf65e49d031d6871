/**
 * The passkey plugin's React hook: the signed-in user's passkeys and the management screen.
 * @module
 */
import { useCallback, useMemo } from 'react'
import { useSnapshot } from 'valtio'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import { useKernel } from '../../ui/context'
import { passkeysOf, type PasskeyAccount } from './accounts'

/** What {@link usePasskeys} returns. */
export interface UsePasskeysResult {
  /**
   * Opens the passkey management screen (list, unlink, 'Add new passkey').
   * @throws PorticoError `must_be_authenticated` when nobody is signed in.
   */
  manage(): void
  /** The signed-in user's passkeys (empty when signed out). */
  passkeys: PasskeyAccount[]
}

/**
 * The signed-in user's passkeys and their management screen. Needs the `passkey()` plugin.
 * @returns `{ manage, passkeys }`.
 * @example
 * ```tsx
 * import { usePasskeys } from 'portico/plugins/passkey'
 * function Security() {
 *   const { manage, passkeys } = usePasskeys()
 *   return <button onClick={manage}>Passkeys ({passkeys.length})</button>
 * }
 * ```
 */
export function usePasskeys(): UsePasskeysResult {
  const kernel = useKernel()
  const snap = useSnapshot(kernel.state)
  const user = snap.session.user as User | null
  const passkeys = useMemo(() => passkeysOf(user), [user])
  const manage = useCallback(() => {
    if (kernel.state.session.status !== 'authenticated') {
      throw new PorticoError('Log in before managing passkeys', { code: 'must_be_authenticated' })
    }
    kernel.openModal('passkey/manage')
  }, [kernel])
  return { manage, passkeys }
}
