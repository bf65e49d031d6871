/**
 * The React side of the custom-auth plugin: `useCustomAuth()`.
 * @module
 */
import { useCallback } from 'react'
import { useSnapshot } from 'valtio'
import { useKernel } from '../../ui/context'
import { CUSTOM_AUTH_ID, getCustomAuth, type CustomAuthState, type CustomAuthStatus } from './sync'

/** What {@link useCustomAuth} returns. */
export interface UseCustomAuthResult {
  /**
   * Checks the host's token now and signs Portico in or out to match. Call it right after the host's
   * own login or logout. Never rejects; failures show in `error`.
   */
  sync: () => Promise<void>
  /** Where the sync stands. */
  status: CustomAuthStatus
  /** The last failure, or null. */
  error: CustomAuthState['error']
  /** Always rejects with `CUSTOM_AUTH_LINK_UNSUPPORTED`: linking a host account is not supported. */
  link: () => Promise<never>
}

/**
 * Drives the custom-auth plugin from React: re-renders when its status changes.
 * @returns `{ sync, status, error, link }`.
 * @throws outside a `PorticoProvider`, or when its plugins lack `customAuth(...)`.
 * @example
 * ```tsx
 * import { useCustomAuth } from 'portico/plugins/custom-auth'
 * function HostLogin() {
 *   const { sync, status } = useCustomAuth()
 *   const signIn = async () => { await myBackend.login(); await sync() }
 *   return <button onClick={signIn} disabled={status === 'syncing'}>Sign in</button>
 * }
 * ```
 */
export function useCustomAuth(): UseCustomAuthResult {
  const kernel = useKernel()
  const slice = kernel.state.plugins[CUSTOM_AUTH_ID] as CustomAuthState | undefined
  if (!slice) throw new Error('useCustomAuth() needs customAuth(...) in the PorticoProvider plugins.')
  const snap = useSnapshot(slice)
  const sync = useCallback(() => getCustomAuth(kernel).sync(), [kernel])
  const link = useCallback(() => getCustomAuth(kernel).link(), [kernel])
  return { sync, status: snap.status, error: snap.error, link }
}
