/**
 * DEVELOPMENT AND TEST STAND-IN for the Farcaster services the server talks to (never used in
 * production), on 127.0.0.1:
 * - the Sign In With Farcaster relay's channel API (`POST /v1/channel`, `GET /v1/channel/status`,
 *   and the wallet app's `POST /v1/channel/authenticate`);
 * - the Farcaster client's signed-key-request API (`POST /v2/signed-key-requests`,
 *   `GET /v2/signed-key-request?token=`), with test-only `POST /test/signed-key-request/approve`
 *   `{token, fid}` and `/revoke` `{token}` standing in for the user's answer in the Farcaster app.
 * Plus {@link signInAsWalletApp}: what a Farcaster wallet app does with a connect URI.
 *
 * With a development user (`devUser`, what `npm start` runs), the stand-in also plays the user's
 * Farcaster app and the Optimism ID registry, so the demo signs in without Farcaster: connect URIs
 * and signer approval links open its own pages (`/~/siwf`, `/~/signed-key-request`), where a visitor
 * signs in as that user or approves (or rejects) a signer, and `POST /optimism` answers the ID
 * registry's `custodyOf(fid)` over JSON-RPC with the user's custody address.
 *
 * Run it alone (the e2e config does) with `FARCASTER_RELAY_PORT=13430 npx tsx test/fixtures/farcaster/relay.ts`.
 * @module
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeFunctionData, encodeFunctionResult, zeroAddress, type Hex, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

/** A running stand-in. */
export interface FarcasterStandIn {
  /** `http://127.0.0.1:<port>`: both the relay URL and the signer API URL. */
  url: string
  /** Stops it. */
  close(): Promise<void>
}

interface Channel {
  nonce: string
  url: string
  status: Record<string, unknown> | null
}

interface KeyRequest {
  token: string
  key: string
  requestFid: number
  deadline: number
  signature: string
  state: 'pending' | 'approved' | 'completed' | 'revoked'
  userFid?: number
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  try {
    const v = JSON.parse(text || '{}') as unknown
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const bearer = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''

/** The Farcaster user the development stand-in signs in as (its custody key signs the SIWF message). */
export interface FarcasterDevUser {
  fid: number
  /** The hex private key of the fid's custody address. */
  custodyPrivateKey: Hex
  username: string
  displayName: string
}

/** Options of {@link startFarcasterStandIn}. */
export interface FarcasterStandInOptions {
  /** @defaultValue 0 (any free port) */
  port?: number
  /** Plays this user's Farcaster app and the ID registry (see the module). @defaultValue none */
  devUser?: FarcasterDevUser
}

/** `custodyOf(uint256)` of the ID registry: what the server reads. */
const CUSTODY_OF_ABI = [
  { type: 'function', name: 'custodyOf', stateMutability: 'view', inputs: [{ name: 'fid', type: 'uint256' }], outputs: [{ name: 'custody', type: 'address' }] },
] as const

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function html(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<p><strong>Development stand-in: this is not Farcaster.</strong> <code>npm start</code> runs it so the demo can sign in without a Farcaster account.</p>
<main><h1>${esc(title)}</h1>${body}</main></body></html>`)
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return new URLSearchParams(text)
}

/**
 * Starts the stand-in.
 * @param options - the port (a number), or {@link FarcasterStandInOptions}. @defaultValue 0 (any free port)
 * @returns the running stand-in.
 * @example
 * ```ts
 * import { startFarcasterStandIn } from '../server/dev/farcaster'
 * const fc = await startFarcasterStandIn()
 * try { console.log(fc.url) } finally { await fc.close() }
 * ```
 */
export async function startFarcasterStandIn(options: number | FarcasterStandInOptions = 0): Promise<FarcasterStandIn> {
  const { port = 0, devUser } = typeof options === 'number' ? { port: options } : options
  const devAccount = devUser ? privateKeyToAccount(devUser.custodyPrivateKey) : null
  let base = ''
  const channels = new Map<string, Channel>()
  const requests = new Map<string, KeyRequest>()
  const skr = (r: KeyRequest) => ({
    result: {
      signedKeyRequest: {
        token: r.token,
        deeplinkUrl: devUser ? `${base}/~/signed-key-request?token=${r.token}` : `farcaster://signed-key-request?token=${r.token}`,
        key: r.key,
        requestFid: r.requestFid,
        // The real API keeps these to itself; the stand-in shows them so tests can check the app's signature.
        deadline: r.deadline,
        signature: r.signature,
        state: r.state,
        ...(r.userFid !== undefined ? { userFid: r.userFid } : {}),
      },
    },
  })

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const route = `${req.method} ${url.pathname}`
      if (route === 'POST /v1/channel') {
        const b = await readJson(req)
        if (typeof b.siweUri !== 'string' || typeof b.domain !== 'string') return send(res, 400, { error: 'siweUri and domain are required' })
        const channelToken = randomBytes(16).toString('hex')
        const nonce = typeof b.nonce === 'string' ? b.nonce : randomBytes(8).toString('hex')
        const q = new URLSearchParams({ channelToken, nonce, siweUri: b.siweUri, domain: b.domain })
        for (const k of ['notBefore', 'expirationTime', 'redirectUrl'] as const) if (typeof b[k] === 'string') q.set(k, b[k])
        const connect = `${devUser ? base : 'https://warpcast.com'}/~/siwf?${q.toString()}`
        channels.set(channelToken, { nonce, url: connect, status: null })
        return send(res, 201, { channelToken, url: connect, connectUri: connect, nonce })
      }
      if (route === 'GET /v1/channel/status') {
        const ch = channels.get(bearer(req))
        if (!ch) return send(res, 401, { error: 'Unauthorized' })
        if (!ch.status) return send(res, 202, { state: 'pending', nonce: ch.nonce, url: ch.url })
        return send(res, 200, { state: 'completed', nonce: ch.nonce, url: ch.url, ...ch.status })
      }
      if (route === 'POST /v1/channel/authenticate') {
        const ch = channels.get(bearer(req))
        if (!ch) return send(res, 401, { error: 'Unauthorized' })
        const b = await readJson(req)
        if (typeof b.message !== 'string' || typeof b.signature !== 'string' || typeof b.fid !== 'number') {
          return send(res, 400, { error: 'message, signature and fid are required' })
        }
        ch.status = {
          message: b.message,
          signature: b.signature,
          fid: b.fid,
          username: b.username ?? null,
          displayName: b.displayName ?? null,
          bio: b.bio ?? null,
          pfpUrl: b.pfpUrl ?? null,
        }
        return send(res, 201, { state: 'completed', nonce: ch.nonce, url: ch.url, ...ch.status })
      }
      if (route === 'POST /v2/signed-key-requests') {
        const b = await readJson(req)
        if (typeof b.key !== 'string' || typeof b.requestFid !== 'number' || typeof b.signature !== 'string' || typeof b.deadline !== 'number') {
          return send(res, 400, { errors: [{ message: 'key, requestFid, signature and deadline are required' }] })
        }
        const token = `0x${randomBytes(12).toString('hex')}`
        const r: KeyRequest = { token, key: b.key, requestFid: b.requestFid, deadline: b.deadline, signature: b.signature, state: 'pending' }
        requests.set(token, r)
        return send(res, 200, skr(r))
      }
      if (route === 'GET /v2/signed-key-request') {
        const r = requests.get(url.searchParams.get('token') ?? '')
        if (!r) return send(res, 404, { errors: [{ message: 'Not found' }] })
        return send(res, 200, skr(r))
      }
      if (devUser && devAccount) {
        if (await devRoute(route, url, req, res, devUser, devAccount)) return
      }
      if (route === 'POST /test/signed-key-request/approve' || route === 'POST /test/signed-key-request/revoke') {
        const b = await readJson(req)
        const r = requests.get(String(b.token))
        if (!r) return send(res, 404, { error: 'unknown token' })
        if (route.endsWith('approve')) {
          r.state = 'completed'
          r.userFid = Number(b.fid)
        } else {
          r.state = 'revoked'
        }
        return send(res, 200, skr(r))
      }
      send(res, 404, { error: 'Not found' })
    })().catch((err: unknown) => send(res, 500, { error: String(err) }))
  })

  /** The development user's pages and the ID registry's `custodyOf`; true when the route was one of them. */
  async function devRoute(route: string, url: URL, req: IncomingMessage, res: ServerResponse, user: FarcasterDevUser, account: LocalAccount) {
    const who = `@${user.username} (fid ${user.fid})`
    if (route === 'POST /optimism') {
      const call = await readJson(req)
      const params = (call.params as { data?: Hex; input?: Hex }[] | undefined) ?? []
      let result: unknown = null
      if (call.method === 'eth_chainId') result = '0xa'
      if (call.method === 'eth_call') {
        const { args } = decodeFunctionData({ abi: CUSTODY_OF_ABI, data: (params[0]?.data ?? params[0]?.input)! })
        result = encodeFunctionResult({ abi: CUSTODY_OF_ABI, functionName: 'custodyOf', result: args[0] === BigInt(user.fid) ? account.address : zeroAddress })
      }
      if (result === null) send(res, 200, { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32601, message: 'The stand-in answers eth_chainId and eth_call only' } })
      else send(res, 200, { jsonrpc: '2.0', id: call.id ?? null, result })
      return true
    }
    if (route === 'GET /~/siwf') {
      const channel = channels.get(url.searchParams.get('channelToken') ?? '')
      if (!channel) {
        html(res, 404, 'Unknown sign-in request', '<p>Start again from the app.</p>')
        return true
      }
      html(res, 200, 'Sign in with Farcaster', `<p>${esc(url.searchParams.get('domain') ?? '')} asks you to sign in.</p>
<form method="post"><button>Sign in as ${esc(who)}</button></form>`)
      return true
    }
    if (route === 'POST /~/siwf') {
      const connectUri = `${base}${url.pathname}${url.search}`
      const channel = channels.get(url.searchParams.get('channelToken') ?? '')
      if (!channel) {
        html(res, 404, 'Unknown sign-in request', '<p>Start again from the app.</p>')
        return true
      }
      const message = siwfMessageFor(connectUri, account.address, user.fid)
      channel.status = {
        message,
        signature: await account.signMessage({ message }),
        fid: user.fid,
        username: user.username,
        displayName: user.displayName,
        bio: null,
        pfpUrl: null,
      }
      html(res, 200, 'Signed in', `<p>You signed in as ${esc(who)}. Go back to the app.</p>`)
      return true
    }
    if (route === 'GET /~/signed-key-request' || route === 'POST /~/signed-key-request') {
      const r = requests.get(url.searchParams.get('token') ?? '')
      if (!r) {
        html(res, 404, 'Unknown signer request', '<p>Start again from the app.</p>')
        return true
      }
      if (req.method === 'POST') {
        const approve = (await readForm(req)).get('answer') === 'approve'
        r.state = approve ? 'completed' : 'revoked'
        if (approve) r.userFid = user.fid
        {
        html(res, 200, approve ? 'Signer approved' : 'Signer rejected', '<p>Go back to the app.</p>')
        return true
      }
      }
      html(res, 200, 'Approve a signer', `<p>App fid ${r.requestFid} asks to post for ${esc(who)} with the key <code>${esc(r.key)}</code>.</p>
<form method="post"><button name="answer" value="approve">Approve</button> <button name="answer" value="reject">Reject</button></form>`)
      return true
    }
    return false
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  base = `http://127.0.0.1:${bound}`
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The profile a wallet app reports with the signature. */
export interface WalletAppProfile {
  username?: string
  displayName?: string
  bio?: string
  pfpUrl?: string
}

/** Options of {@link signInAsWalletApp}: overrides to make bad messages. */
export interface WalletAppOverrides {
  domain?: string
  nonce?: string
  /** The fid in the `farcaster://fid/` resource. */
  resourceFid?: number
  expirationTime?: Date
  chainId?: number
}

/**
 * Builds the Sign In With Farcaster message a wallet app builds from a connect URI.
 * @param connectUri - the channel's connect URI.
 * @param address - the custody address that signs.
 * @param fid - the user's fid.
 * @param overrides - fields to falsify.
 * @returns the message text.
 * @example
 * ```ts
 * import { siwfMessageFor } from '../server/dev/farcaster'
 * const message = siwfMessageFor(connectUri, account.address, 1234)
 * ```
 */
export function siwfMessageFor(connectUri: string, address: `0x${string}`, fid: number, overrides: WalletAppOverrides = {}): string {
  const q = new URL(connectUri).searchParams
  const notBefore = q.get('notBefore')
  const expiration = overrides.expirationTime ?? (q.get('expirationTime') ? new Date(q.get('expirationTime')!) : undefined)
  return createSiweMessage({
    domain: overrides.domain ?? q.get('domain')!,
    address,
    statement: 'Farcaster Auth',
    uri: q.get('siweUri')!,
    version: '1',
    chainId: overrides.chainId ?? 10,
    nonce: overrides.nonce ?? q.get('nonce')!,
    issuedAt: notBefore ? new Date(notBefore) : new Date(),
    ...(notBefore ? { notBefore: new Date(notBefore) } : {}),
    ...(expiration ? { expirationTime: expiration } : {}),
    resources: [`farcaster://fid/${overrides.resourceFid ?? fid}`],
  })
}

/**
 * Does what the user's Farcaster app does with a connect URI: signs the message with the custody
 * account and posts it to the relay's `/v1/channel/authenticate`.
 * @param relayUrl - the relay (stand-in) URL.
 * @param connectUri - the channel's connect URI (carries the channel token and the message fields).
 * @param account - the custody account (a viem local account).
 * @param fid - the fid to sign in.
 * @param profile - the profile fields to report.
 * @param overrides - fields to falsify.
 * @returns the message and signature posted.
 * @example
 * ```ts
 * import { signInAsWalletApp } from '../server/dev/farcaster'
 * await signInAsWalletApp(fc.url, connectUri, privateKeyToAccount(key), 1234, { username: 'ada' })
 * ```
 */
export async function signInAsWalletApp(
  relayUrl: string,
  connectUri: string,
  account: LocalAccount,
  fid: number,
  profile: WalletAppProfile = {},
  overrides: WalletAppOverrides = {},
): Promise<{ message: string; signature: `0x${string}` }> {
  const channelToken = new URL(connectUri).searchParams.get('channelToken')!
  const message = siwfMessageFor(connectUri, account.address, fid, overrides)
  const signature = await account.signMessage({ message })
  const res = await fetch(`${relayUrl}/v1/channel/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${channelToken}` },
    body: JSON.stringify({ message, signature, fid, ...profile }),
  })
  if (!res.ok) throw new Error(`relay authenticate answered ${res.status}`)
  return { message, signature }
}
