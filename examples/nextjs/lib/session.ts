/**
 * The app's view of the Portico session on the server: the session cookies verified against the
 * app's verification key (an ES256 public key; no database, no call to the API).
 */
import { readSession, type CookieSession, type CookieSource } from 'portico/server/session-cookies'

/** The Portico app id, given to the server at start (`PORTICO_APP_ID`). */
export function appId(): string {
  const id = process.env.PORTICO_APP_ID
  if (!id) throw new Error('Set PORTICO_APP_ID to the Portico app id.')
  return id
}

/**
 * The session a request's cookies carry.
 * @param cookies - `request.cookies` in the proxy, `await cookies()` in a server component.
 * @returns its status, and the user id when signed in.
 */
export function sessionOf(cookies: CookieSource): Promise<CookieSession> {
  const verificationKey = process.env.PORTICO_VERIFICATION_KEY
  // Without the key, the app's JWKS is read from the API (and cached for a minute).
  return readSession(cookies, verificationKey ? { appId: appId(), verificationKey } : { appId: appId(), apiUrl: process.env.PORTICO_API_URL })
}
