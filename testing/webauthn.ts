/**
 * A virtual WebAuthn authenticator for Chromium tests, so passkey screens can be driven without a
 * person touching a security key: Chrome DevTools Protocol's `WebAuthn` domain answers every
 * `navigator.credentials` call of the page.
 * @module
 */
import type { CDPSession, Page } from '@playwright/test'

/** A virtual authenticator added by {@link addVirtualAuthenticator}. */
export interface VirtualAuthenticator {
  /** The page's CDP session, for `WebAuthn.*` commands the helpers below do not cover. */
  cdp: CDPSession
  /** The authenticator's id in that session. */
  authenticatorId: string
  /** The credentials (passkeys) the authenticator holds. */
  credentials(): Promise<{ credentialId: string; rpId?: string; userHandle?: string }[]>
  /** Whether the next ceremonies pass user verification (`false`: the browser refuses them with NotAllowedError). */
  setUserVerified(verified: boolean): Promise<void>
  /** Removes the authenticator, as if the device were gone (its passkeys with it). */
  remove(): Promise<void>
}

/**
 * Adds a virtual platform authenticator to a Chromium page (CTAP2, internal transport, resident
 * keys, user verification passed, presence simulated): passkey creation and sign-in then succeed
 * without a prompt. Chromium only (it uses a CDP session).
 * @param page - the page (its context must be Chromium's).
 * @returns the authenticator, to read its passkeys, refuse verification or remove it.
 * @example
 * ```ts
 * import { addVirtualAuthenticator } from 'portico/testing'
 * const authenticator = await addVirtualAuthenticator(page)
 * await porticoDialog(page).getByRole('button', { name: 'Create a passkey' }).click()
 * expect(await authenticator.credentials()).toHaveLength(1)
 * ```
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    setUserVerified: async (verified) => {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified })
    },
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })
    },
  }
}
