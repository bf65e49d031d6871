/**
 * Cloud recovery inside the frame: the sign-in to the user's Google Drive or iCloud through the
 * recovery OAuth routes (the frame makes and keeps the PKCE verifier; the page only opens the popup
 * and passes back the code), and the recovery key written to and read from that storage with the
 * short-lived token. The key and the token never leave the frame.
 * @module
 */
import type { FrameCloudAuthorization, FrameCloudProvider } from '../protocols/wallet-frame'
import { recoveryOAuthRoutes } from '../protocols/cloud-recovery/routes'
import { CloudStorageError, readFromDrive, readFromICloud, saveToDrive, saveToICloud, type CloudKitAccess } from '../protocols/cloud-recovery/storage'
import { codeChallenge, randomCode } from '../protocols/oauth/pkce'
import { routeCaller, type FrameApiOptions, type FrameCredentials } from './api'
import { FrameFailure } from './errors'

/** How long a started sign-in, and a redeemed token, stay usable (the server's codes live 10 minutes). */
const SIGN_IN_TTL_MS = 10 * 60 * 1000

/** The message of a sign-in the user refused (the popup returned the literal code 'undefined'). */
export const USER_DENIED = 'User denied'

/** A storage reached with a redeemed token. */
interface CloudAccess {
  provider: FrameCloudProvider
  token: string
  apiUrl: string
  icloud?: Omit<CloudKitAccess, 'webAuthToken'>
}

/** Options of {@link createCloudRecovery}. */
export interface CloudRecoveryOptions extends FrameApiOptions {
  /** @defaultValue Date.now */
  now?: () => number
}

/** The frame's cloud recovery, over the recovery routes and the storages' APIs. */
export type CloudRecovery = ReturnType<typeof createCloudRecovery>

/** A storage failure as the frame reports it: `cloud_storage_error`, retryable or not in its data. */
function storageFailure(error: unknown): unknown {
  if (!(error instanceof CloudStorageError)) return error
  return new FrameFailure('cloud_storage_error', 'Could not reach your cloud storage. Please try again.', { retryable: error.retryable, status: error.status })
}

/**
 * Creates the frame's cloud recovery.
 * @param options - where the API is, the app, the fetch that reaches the API and the storages.
 * @returns sign-in, and the recovery key's write and read.
 */
export function createCloudRecovery(options: CloudRecoveryOptions) {
  const call = routeCaller(options)
  const now = options.now ?? Date.now
  const pending = new Map<string, { provider: FrameCloudProvider; verifier: string; expiresAt: number }>()
  // A redeemed token stays for its sign-in's state, so a retry after a storage failure needs no new popup.
  const redeemed = new Map<string, { access: CloudAccess; expiresAt: number }>()
  const transport = (apiUrl: string) => ({ apiUrl, ...(options.fetch ? { fetch: options.fetch } : {}) })

  function sweep() {
    const t = now()
    for (const [k, v] of pending) if (v.expiresAt <= t) pending.delete(k)
    for (const [k, v] of redeemed) if (v.expiresAt <= t) redeemed.delete(k)
  }

  /** The storage access of a returned sign-in: redeemed once at the server, then kept. */
  async function access(cred: FrameCredentials, provider: FrameCloudProvider, authorization: FrameCloudAuthorization): Promise<CloudAccess> {
    sweep()
    const kept = redeemed.get(authorization.state)
    if (kept?.access.provider === provider) return kept.access
    if (authorization.code === 'undefined') {
      pending.delete(authorization.state)
      throw new FrameFailure('user_denied', USER_DENIED)
    }
    const started = pending.get(authorization.state)
    if (!started || started.provider !== provider) throw new FrameFailure('invalid_request', 'This sign-in was not started by this frame, or it expired.')
    pending.delete(authorization.state)
    const answer = await call(recoveryOAuthRoutes.authenticate, cred, {
      authorization_code: authorization.code,
      state_code: authorization.state,
      code_verifier: started.verifier,
      provider,
    })
    const result: CloudAccess = { provider, token: answer.access_token, apiUrl: answer.api_url }
    if (provider === 'icloud') {
      const c = await call(recoveryOAuthRoutes.configurationIcloud, cred, { client_type: 'web' })
      result.icloud = { apiToken: c.api_token, containerIdentifier: c.container_identifier, environment: c.environment }
    }
    redeemed.set(authorization.state, { access: result, expiresAt: now() + SIGN_IN_TTL_MS })
    return result
  }

  return {
    /**
     * Starts a sign-in: a new verifier and state, kept here; the server's page to open in the popup.
     * @param cred - the user's credentials.
     * @param provider - the storage.
     * @param redirectTo - the page the popup returns to (one of the app's origins).
     * @returns the URL and the state the return will carry.
     */
    async signIn(cred: FrameCredentials, provider: FrameCloudProvider, redirectTo: string): Promise<{ url: string; stateCode: string }> {
      sweep()
      const verifier = randomCode()
      const stateCode = randomCode()
      const body = { redirect_to: redirectTo, code_challenge: await codeChallenge(verifier), state_code: stateCode }
      const { url } =
        provider === 'google-drive'
          ? await call(recoveryOAuthRoutes.init, cred, body)
          : await call(recoveryOAuthRoutes.initIcloud, cred, { client_type: 'web', ...body })
      pending.set(stateCode, { provider, verifier, expiresAt: now() + SIGN_IN_TTL_MS })
      return { url, stateCode }
    },

    /**
     * Writes a recovery key into the user's storage.
     * @param cred - the user's credentials.
     * @param provider - the storage.
     * @param authorization - the returned sign-in.
     * @param key - the key, base64.
     * @param entropyId - the secret it opens (names the Drive file).
     * @returns the Drive file id or the iCloud record name.
     */
    async saveKey(cred: FrameCredentials, provider: FrameCloudProvider, authorization: FrameCloudAuthorization, key: string, entropyId: string): Promise<string> {
      const a = await access(cred, provider, authorization)
      try {
        if (a.provider === 'google-drive') return await saveToDrive(transport(a.apiUrl), { accessToken: a.token, name: `portico-recovery-${entropyId}.txt`, content: key })
        return await saveToICloud(transport(a.apiUrl), { ...a.icloud!, webAuthToken: a.token }, key)
      } catch (error) {
        throw storageFailure(error)
      }
    },

    /**
     * Reads a recovery key from the user's storage.
     * @param cred - the user's credentials.
     * @param provider - the storage.
     * @param authorization - the returned sign-in.
     * @param ref - the Drive file id or the iCloud record name.
     * @returns the key, base64.
     */
    async readKey(cred: FrameCredentials, provider: FrameCloudProvider, authorization: FrameCloudAuthorization, ref: string): Promise<string> {
      const a = await access(cred, provider, authorization)
      try {
        if (a.provider === 'google-drive') return (await readFromDrive(transport(a.apiUrl), { accessToken: a.token, fileId: ref })).trim()
        return await readFromICloud(transport(a.apiUrl), { ...a.icloud!, webAuthToken: a.token }, ref)
      } catch (error) {
        throw storageFailure(error)
      }
    },

    /** Forgets every started sign-in and kept token (logout). */
    clear() {
      pending.clear()
      redeemed.clear()
    },
  }
}
