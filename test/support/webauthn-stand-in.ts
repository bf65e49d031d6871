/**
 * A stand-in for the browser's WebAuthn in jsdom (which has none): `navigator.credentials.get`
 * answers with an assertion in the browser's own shape, or fails as the browser does; and the
 * window's own WebAuthn is put back after each test.
 * @module
 */

/** The id (base64url) of the credential the stand-in asserts with. */
export const STAND_IN_CREDENTIAL_ID = 'Y3JlZGVudGlhbC0x'

const bytes = (s: string) => new TextEncoder().encode(s).buffer
const saved = { credentials: Object.getOwnPropertyDescriptor(navigator, 'credentials'), pkc: (window as { PublicKeyCredential?: unknown }).PublicKeyCredential }

/**
 * Installs the stand-in: `get` answers with an assertion of {@link STAND_IN_CREDENTIAL_ID}, or throws `failWith`.
 * @param failWith - the browser's refusal (`NotAllowedError` for a dismissed prompt), if any.
 * @returns the options each `get` was called with, in order.
 */
export function standInWebAuthn(failWith?: DOMException): unknown[] {
  ;(window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {}
  const gets: unknown[] = []
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      async get(options: unknown) {
        gets.push(options)
        if (failWith) throw failWith
        return {
          id: STAND_IN_CREDENTIAL_ID,
          rawId: bytes('credential-1'),
          type: 'public-key',
          authenticatorAttachment: 'platform',
          response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('ad'), signature: bytes('sig'), userHandle: bytes('user') },
          getClientExtensionResults: () => ({}),
        }
      },
    },
  })
  return gets
}

/** Puts the window's own WebAuthn back (none, in jsdom), as it was when this module loaded. */
export function restoreWebAuthn(): void {
  if (saved.credentials) Object.defineProperty(navigator, 'credentials', saved.credentials)
  else delete (navigator as { credentials?: unknown }).credentials
  ;(window as { PublicKeyCredential?: unknown }).PublicKeyCredential = saved.pkc
}
