/**
 * The services the Farcaster server half talks to, behind small interfaces: the Sign In With
 * Farcaster relay (channels) and the Farcaster client's signed-key-request API (signers). One HTTP
 * implementation of each speaks the public APIs (relay.farcaster.xyz, api.warpcast.com).
 * Server-only.
 * @module
 */

/** What a relay channel is opened with (the fields the wallet app puts into the message). */
export interface CreateChannelInput {
  /** The page's URI (`URI:` line of the message). */
  siweUri: string
  /** The host the message names (`domain`). */
  domain: string
  /** Our nonce; the relay must echo it. */
  nonce: string
  /** ISO 8601 times the message must carry. */
  notBefore?: string
  expirationTime?: string
  /** Where the Farcaster app sends the user back on mobile. */
  redirectUrl?: string
}

/** An opened channel. */
export interface RelayChannel {
  channelToken: string
  /** The URI the Farcaster app opens (QR code or deep link). */
  connectUri: string
  nonce: string
}

/** A channel's state as the relay reports it. */
export type RelayChannelStatus =
  | { state: 'pending'; nonce: string }
  | {
      state: 'completed'
      nonce: string
      message: string
      signature: string
      fid: number
      username: string | null
      displayName: string | null
      bio: string | null
      pfpUrl: string | null
    }

/** The relay is unreachable or answered something we cannot read. */
export class FarcasterRelayError extends Error {
  override name = 'FarcasterRelayError'
  /** The HTTP status, when there was an answer. */
  readonly status: number | undefined
  constructor(message: string, status?: number) {
    super(message)
    this.status = status
  }
}

/**
 * A Sign In With Farcaster relay: opens channels and reports their state.
 * @example
 * ```ts
 * import { HttpFarcasterRelay } from 'portico/plugins/farcaster/relay'
 * const relay = new HttpFarcasterRelay('https://relay.farcaster.xyz')
 * const { channelToken, connectUri } = await relay.createChannel({ siweUri: 'https://a.example', domain: 'a.example', nonce: 'abcd1234abcd1234' })
 * ```
 */
export interface FarcasterRelay {
  /**
   * Opens a channel.
   * @param input - the message fields the wallet app will sign.
   * @returns the channel token and connect URI.
   */
  createChannel(input: CreateChannelInput): Promise<RelayChannel>
  /**
   * Reads a channel's state.
   * @param channelToken - the token from {@link FarcasterRelay.createChannel}.
   * @returns the state, or null when the relay does not know the channel (unknown or expired).
   */
  channelStatus(channelToken: string): Promise<RelayChannelStatus | null>
}

/** A signed key request at the Farcaster client. */
export interface SignedKeyRequest {
  token: string
  /** The URL the user opens to approve (QR code or deep link). */
  deeplinkUrl: string
  /** `pending`, `approved`/`completed` (with `userFid`), `revoked`. */
  state: 'pending' | 'approved' | 'completed' | 'revoked'
  userFid?: number
}

/**
 * The Farcaster client's signed-key-request API (Warpcast `/v2/signed-key-requests`).
 * @example
 * ```ts
 * import { HttpFarcasterSignerApi } from 'portico/plugins/farcaster/relay'
 * const api = new HttpFarcasterSignerApi('https://api.warpcast.com')
 * const req = await api.getRequest(token)
 * ```
 */
export interface FarcasterSignerApi {
  /**
   * Creates a request for the user to add `key` as a signer of their fid.
   * @param input - the key, the app's fid, the app's EIP-712 signature and its deadline.
   * @returns the request.
   */
  createRequest(input: { key: string; requestFid: number; signature: string; deadline: number }): Promise<SignedKeyRequest>
  /**
   * Reads a request.
   * @param token - the request's token.
   * @returns the request, or null when unknown.
   */
  getRequest(token: string): Promise<SignedKeyRequest | null>
}

const TIMEOUT_MS = 10_000

async function call(url: string, init: RequestInit, what: string): Promise<{ status: number; body: unknown }> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (err) {
    throw new FarcasterRelayError(`${what}: ${(err as Error).message}`)
  }
  let body: unknown = null
  const text = await res.text()
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      throw new FarcasterRelayError(`${what}: answered non-JSON (HTTP ${res.status}).`, res.status)
    }
  }
  return { status: res.status, body }
}

const str = (x: unknown): string | null => (typeof x === 'string' ? x : null)

/**
 * The relay over HTTP: `POST /v1/channel`, `GET /v1/channel/status` with `Authorization: Bearer
 * <channelToken>` (202 while pending, 200 once completed).
 * @example
 * ```ts
 * import { HttpFarcasterRelay } from 'portico/plugins/farcaster/relay'
 * const relay = new HttpFarcasterRelay('https://relay.farcaster.xyz')
 * ```
 */
export class HttpFarcasterRelay implements FarcasterRelay {
  /**
   * @param baseUrl - the relay's base URL, without a trailing `/v1`.
   */
  constructor(readonly baseUrl: string) {}

  async createChannel(input: CreateChannelInput): Promise<RelayChannel> {
    const { status, body } = await call(
      `${this.baseUrl.replace(/\/$/, '')}/v1/channel`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) },
      'Farcaster relay channel',
    )
    const b = (body ?? {}) as Record<string, unknown>
    const channelToken = str(b.channelToken)
    const connectUri = str(b.url) ?? str(b.connectUri)
    if (status >= 300 || !channelToken || !connectUri) {
      throw new FarcasterRelayError(`Farcaster relay refused the channel (HTTP ${status}).`, status)
    }
    return { channelToken, connectUri, nonce: str(b.nonce) ?? input.nonce }
  }

  async channelStatus(channelToken: string): Promise<RelayChannelStatus | null> {
    const { status, body } = await call(
      `${this.baseUrl.replace(/\/$/, '')}/v1/channel/status`,
      { headers: { authorization: `Bearer ${channelToken}` } },
      'Farcaster relay status',
    )
    if (status === 401 || status === 404) return null
    if (status >= 300) throw new FarcasterRelayError(`Farcaster relay status failed (HTTP ${status}).`, status)
    const b = (body ?? {}) as Record<string, unknown>
    const nonce = str(b.nonce) ?? ''
    if (b.state !== 'completed') return { state: 'pending', nonce }
    const message = str(b.message)
    const signature = str(b.signature)
    if (!message || !signature || typeof b.fid !== 'number') {
      throw new FarcasterRelayError('Farcaster relay reported a completed channel without its signed message.')
    }
    return {
      state: 'completed',
      nonce,
      message,
      signature,
      fid: b.fid,
      username: str(b.username),
      displayName: str(b.displayName),
      bio: str(b.bio),
      pfpUrl: str(b.pfpUrl),
    }
  }
}

function readRequest(body: unknown): SignedKeyRequest | null {
  const r = ((body as { result?: { signedKeyRequest?: Record<string, unknown> } } | null)?.result?.signedKeyRequest ?? null)
  if (!r) return null
  const token = str(r.token)
  const deeplinkUrl = str(r.deeplinkUrl)
  const state = str(r.state)
  if (!token || !deeplinkUrl || !state || !['pending', 'approved', 'completed', 'revoked'].includes(state)) return null
  return {
    token,
    deeplinkUrl,
    state: state as SignedKeyRequest['state'],
    ...(typeof r.userFid === 'number' ? { userFid: r.userFid } : {}),
  }
}

/**
 * The signed-key-request API over HTTP: `POST /v2/signed-key-requests` and
 * `GET /v2/signed-key-request?token=`, answers wrapped in `{result: {signedKeyRequest}}`.
 * @example
 * ```ts
 * import { HttpFarcasterSignerApi } from 'portico/plugins/farcaster/relay'
 * const api = new HttpFarcasterSignerApi('https://api.warpcast.com')
 * ```
 */
export class HttpFarcasterSignerApi implements FarcasterSignerApi {
  /**
   * @param baseUrl - the API's base URL.
   */
  constructor(readonly baseUrl: string) {}

  async createRequest(input: { key: string; requestFid: number; signature: string; deadline: number }): Promise<SignedKeyRequest> {
    const { status, body } = await call(
      `${this.baseUrl.replace(/\/$/, '')}/v2/signed-key-requests`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) },
      'Farcaster signed key request',
    )
    const req = status < 300 ? readRequest(body) : null
    if (!req) throw new FarcasterRelayError(`Farcaster refused the signed key request (HTTP ${status}).`, status)
    return req
  }

  async getRequest(token: string): Promise<SignedKeyRequest | null> {
    const { status, body } = await call(
      `${this.baseUrl.replace(/\/$/, '')}/v2/signed-key-request?token=${encodeURIComponent(token)}`,
      { headers: { accept: 'application/json' } },
      'Farcaster signed key request status',
    )
    if (status === 404) return null
    const req = status < 300 ? readRequest(body) : null
    if (!req) throw new FarcasterRelayError(`Farcaster signed key request status failed (HTTP ${status}).`, status)
    return req
  }
}
