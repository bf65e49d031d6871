/**
 * The guest credential and the guest sign-in itself, shared by the screen and the headless hook.
 * @module
 */
import { bytesToBase64Url } from '../../kernel/base64'
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import type { StorageAdapter } from '../../kernel/types'
import type { User } from '../../kernel/wire'
import { guestRoutes } from './api'
import { guestMessages } from './messages/en'

/** Bytes of randomness in a guest credential (spec: 32). */
export const GUEST_CREDENTIAL_BYTES = 32

const CREDENTIAL_RE = /^[A-Za-z0-9_-]{43}$/

/**
 * The storage key of an app's guest credential (a wire-format key: `privy:guest:<appId>`).
 * @param appId - the app id.
 * @returns the key.
 * @example
 * ```ts
 * import { guestStorageKey } from 'portico/plugins/guest'
 * guestStorageKey('abc') // 'privy:guest:abc'
 * ```
 */
export function guestStorageKey(appId: string): string {
  return `privy:guest:${appId}`
}

/**
 * Makes a new guest credential: 32 bytes from `crypto.getRandomValues`, unpadded base64url.
 * @returns a 43-character credential.
 * @example
 * ```ts
 * import { createGuestCredential } from 'portico/plugins/guest'
 * createGuestCredential().length // 43
 * ```
 */
export function createGuestCredential(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(GUEST_CREDENTIAL_BYTES)))
}

/**
 * The app's stored guest credential, created and stored first when there is none (or the stored
 * value is malformed), so the same browser signs the same guest back in.
 * @param storage - the kernel's storage.
 * @param appId - the app id.
 * @returns the credential.
 * @example
 * ```ts
 * import { createMemoryStorage } from 'portico/kernel'
 * import { guestCredentialFor } from 'portico/plugins/guest'
 * const storage = createMemoryStorage()
 * guestCredentialFor(storage, 'abc') === guestCredentialFor(storage, 'abc') // true
 * ```
 */
export function guestCredentialFor(storage: StorageAdapter, appId: string): string {
  const key = guestStorageKey(appId)
  const stored = storage.get(key)
  if (stored !== null && CREDENTIAL_RE.test(stored)) return stored
  const fresh = createGuestCredential()
  storage.set(key, fresh)
  return fresh
}

/**
 * The error for a guest login attempted as a link (spec: 'Linking is not supported for the guest flow').
 * @returns a PorticoError with code `GUEST_LINK_UNSUPPORTED`.
 * @example
 * ```ts
 * import { guestLinkUnsupported } from 'portico/plugins/guest'
 * guestLinkUnsupported().code // 'GUEST_LINK_UNSUPPORTED'
 * ```
 */
export function guestLinkUnsupported(): PorticoError {
  return new PorticoError(guestMessages.GUEST_LINK_UNSUPPORTED, { code: 'GUEST_LINK_UNSUPPORTED' })
}

/**
 * Signs in as the browser's guest (`POST /api/v1/guest/authenticate`) through the kernel's
 * `authenticate`. A link flow or a signed-in user gets {@link guestLinkUnsupported}: a guest
 * credential is never added to an account.
 * @param ctx - the guest plugin's context.
 * @param options - `linking`: the caller is a link flow (the modal opened with `intent: 'link'`).
 * @returns the guest user.
 * @example
 * ```ts
 * const user = await signInAsGuest(kernel.contextFor('guest'))
 * user.is_guest // true
 * ```
 */
export async function signInAsGuest(ctx: PluginContext, options: { linking?: boolean } = {}): Promise<User> {
  if (options.linking || ctx.session().status === 'authenticated') throw guestLinkUnsupported()
  // No captcha step: the contract's request has no room for a token (its schema is strict); the
  // server limits guest creation per IP instead.
  const guest_credential = guestCredentialFor(ctx.storage, ctx.appId)
  const result = await ctx.authenticate(() => ctx.api.request(guestRoutes.authenticate, { guest_credential }), {
    method: 'guest',
  })
  return result.user
}
