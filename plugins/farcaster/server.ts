/**
 * Farcaster login and signers, server half. Login goes through a Sign In With Farcaster relay
 * channel: `init` opens one with a fresh nonce, `status` proxies its state, `authenticate`/`link`
 * verify the signed message against the fid's custody address, read from the ID registry on Optimism.
 * Mini Apps (v2): `init` hands out a single-use server nonce, `authenticate` checks a message signed
 * with it. Signers: `signer/init` asks the Farcaster client to let the user approve an ed25519 key for the app,
 * `signer/status` follows the request.
 * @module
 */
import { randomBytes } from 'node:crypto'
import {
  createPublicClient,
  getAddress,
  http,
  isAddressEqual,
  verifyMessage,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as v from 'valibot'
import { parseSiweMessage } from 'viem/siwe'
import {
  defineServerPlugin,
  defineSetting,
  errors,
  HttpError,
  isLoginEnabled,
  readSetting,
  type LinkedAccountType,
  type Migration,
  type RateLimitSetting,
  type RequestContext,
  type ServerApp,
} from '../../server'
import { FARCASTER_CHANNEL_HEADER, farcasterRoutes } from './api'
import {
  FarcasterRelayError,
  HttpFarcasterRelay,
  HttpFarcasterSignerApi,
  type FarcasterRelay,
  type FarcasterSignerApi,
  type RelayChannelStatus,
} from './relay'
import { farcasterSchemas } from './schemas'

/** The app's own Farcaster account, which asks users to approve signers for the app. */
export interface FarcasterSignerSettings {
  /** The app's Farcaster id (the `requestFid` of signed key requests). */
  appFid: number
  /** The hex private key of that fid's custody address (signs the key requests); a secret. */
  custodyPrivateKey: string
}

/**
 * `farcasterSigner`: the app's Farcaster account for signer requests, or null when none is configured.
 * The custody key is a secret: sealed at rest, masked in the admin API. @defaultValue null
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { farcasterSignerSetting } from 'portico/plugins/farcaster/server'
 * const signer = readSetting(ctx.app, farcasterSignerSetting)
 * ```
 */
export const farcasterSignerSetting = defineSetting<FarcasterSignerSettings | null>({
  key: 'farcasterSigner',
  schema: v.nullable(
    v.strictObject({
      appFid: v.pipe(v.number(), v.integer(), v.minValue(1)),
      custodyPrivateKey: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'farcasterSigner.custodyPrivateKey is a 0x-prefixed 32-byte hex key.')),
    }),
  ),
  default: null,
  secrets: ['custodyPrivateKey'],
})

/** The Farcaster ID registry on Optimism (`custodyOf(uint256)`). */
export const FARCASTER_ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** The SignedKeyRequestValidator on Optimism: the EIP-712 verifying contract of signer requests. */
export const FARCASTER_KEY_REQUEST_VALIDATOR = '0x00000000FC700472606ED4fA22623Acf62c60553'

/** How long a channel may be authenticated after `init` (the message's expiration time too). */
export const FARCASTER_CHANNEL_TTL_MS = 15 * 60 * 1000

/** How long a v2 (Mini App) nonce may be used after `/api/v2/farcaster/init`. */
export const FARCASTER_NONCE_TTL_MS = 10 * 60 * 1000

/** How far in the future `Not Before`/`Issued At` may be: wallets' and servers' clocks drift. */
export const FARCASTER_CLOCK_SKEW_MS = 2 * 60 * 1000

/** `init` calls per client IP. */
export const FARCASTER_INIT_PER_IP: RateLimitSetting = { limit: 100, windowMs: 10 * 60 * 1000 }

/** How long a signed key request stays valid when the caller gives no deadline. */
export const FARCASTER_SIGNER_DEADLINE_S = 24 * 60 * 60

/** Sign In With Farcaster messages are made for Optimism. */
const SIWF_CHAIN_ID = 10

const ID_REGISTRY_ABI = [
  {
    type: 'function',
    name: 'custodyOf',
    stateMutability: 'view',
    inputs: [{ name: 'fid', type: 'uint256' }],
    outputs: [{ name: 'custody', type: 'address' }],
  },
] as const

/** The EIP-712 types of a signed key request. */
const SIGNED_KEY_REQUEST_TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const

/** Channels and signer requests. */
export const farcasterMigrations: readonly Migration[] = [
  {
    id: 'farcaster/0001_channels_signers',
    sql: `
CREATE TABLE farcaster_channels (
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  channel_token text NOT NULL,
  nonce text NOT NULL,
  domain text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint,
  PRIMARY KEY (app_id, channel_token)
);
CREATE INDEX farcaster_channels_expires_idx ON farcaster_channels (app_id, expires_at);
CREATE TABLE farcaster_signers (
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  user_id text NOT NULL,
  public_key text NOT NULL,
  request_token text NOT NULL,
  approval_url text NOT NULL,
  status text NOT NULL,
  fid bigint,
  created_at bigint NOT NULL,
  PRIMARY KEY (app_id, user_id, public_key)
);
`,
  },
  {
    id: 'farcaster/0002_v2_nonces',
    sql: `
CREATE TABLE farcaster_nonces (
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  nonce text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (app_id, nonce)
);
CREATE INDEX farcaster_nonces_expires_idx ON farcaster_nonces (app_id, expires_at);
`,
  },
]

/** Options of {@link farcasterServer}. */
export interface FarcasterServerOptions {
  /** The Sign In With Farcaster relay. @defaultValue 'https://relay.farcaster.xyz' */
  relayUrl?: string
  /** An Optimism JSON-RPC URL, to read custody addresses. @defaultValue 'https://mainnet.optimism.io' */
  optimismRpcUrl?: string
  /** The ID registry's address. @defaultValue {@link FARCASTER_ID_REGISTRY} */
  idRegistryAddress?: string
  /** The Farcaster client's API for signed key requests. @defaultValue 'https://api.warpcast.com' */
  signerApiUrl?: string
  /** Use this relay instead of the HTTP one at `relayUrl`. */
  relay?: FarcasterRelay
  /** Use this signer API instead of the HTTP one at `signerApiUrl`. */
  signerApi?: FarcasterSignerApi
  /** `init` calls per client IP. @defaultValue {@link FARCASTER_INIT_PER_IP} */
  initPerIp?: RateLimitSetting
}

const bad = (message: string) => errors.invalidCredentials(message)

/** An upstream service failed; 502 is retried by the client, which suits a transient outage. */
const upstream = (err: unknown) =>
  new HttpError(502, undefined, `Farcaster is unavailable: ${err instanceof Error ? err.message : String(err)}`)

function checkEnabled(app: ServerApp): void {
  if (!isLoginEnabled(app, 'farcaster_auth')) throw errors.disallowedLoginMethod('farcaster')
}

function hostOf(uri: string): string | null {
  try {
    return new URL(uri).host
  } catch {
    return null
  }
}

/**
 * The domain and URI the message must name. `relying_party` (a URL or a host) picks one of the
 * app's origins; without it the request's own origin, else the app's first origin.
 */
function audience(app: ServerApp, relyingParty: string | undefined, origin: string | undefined): { domain: string; uri: string } {
  const allowed = app.allowedOrigins.map((o) => ({ origin: o, host: hostOf(o) }))
  if (relyingParty !== undefined) {
    const host = hostOf(relyingParty) ?? relyingParty
    const match = allowed.find((a) => a.host === host)
    if (match) return { domain: host, uri: hostOf(relyingParty) ? relyingParty : match.origin }
    // An app bound to no web origin (native apps) names its relying party itself.
    if (allowed.length === 0 && /^[^\s/?#]+$/.test(host)) return { domain: host, uri: hostOf(relyingParty) ? relyingParty : `https://${host}` }
    throw errors.invalidData(`relying_party ${relyingParty} is not an allowed origin of this app.`)
  }
  const fromOrigin = origin ? allowed.find((a) => a.origin === origin) : undefined
  const pick = fromOrigin ?? allowed[0]
  if (!pick?.host) throw errors.invalidData('The app has no allowed origin to sign in from; pass relying_party.')
  return { domain: pick.host, uri: pick.origin }
}

interface ChannelRow {
  nonce: string
  domain: string
  expires_at: string | number
  used_at: string | number | null
}

async function findChannel(ctx: RequestContext, token: string): Promise<ChannelRow> {
  const rows = await ctx.db.query<ChannelRow>(
    'SELECT nonce, domain, expires_at, used_at FROM farcaster_channels WHERE app_id = $1 AND channel_token = $2',
    [ctx.app.id, token],
  )
  const row = rows[0]
  if (!row) throw bad('Unknown Farcaster channel. Please try again.')
  return row
}

/** Profile fields as the relay reports them. */
type Profile = Pick<Extract<RelayChannelStatus, { state: 'completed' }>, 'username' | 'displayName' | 'bio' | 'pfpUrl'>

/** The fields of a verified Sign In With Farcaster message. */
interface VerifiedSignIn {
  fid: number
  custody: Address
}

/** Reads custody addresses from the ID registry; one viem client per server plugin. */
function custodyReader(rpcUrl: string, registry: Address) {
  let client: PublicClient | undefined
  const get = () => (client ??= createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) }))
  return {
    client: get,
    async custodyOf(fid: number): Promise<Address> {
      try {
        return await get().readContract({ address: registry, abi: ID_REGISTRY_ABI, functionName: 'custodyOf', args: [BigInt(fid)] })
      } catch (err) {
        throw upstream(new Error(`the ID registry could not be read (${(err as Error).message.split('\n')[0]})`))
      }
    },
  }
}

/**
 * Farcaster accounts (`{fid, owner_address, …}`), transferable. The identity token names the custody
 * (owner) address `oa`.
 */
export const farcasterAccountType: LinkedAccountType = {
  type: 'farcaster',
  toIdentityToken: ({ details: { owner_address, ...rest } }) => (owner_address === undefined ? rest : { ...rest, oa: owner_address }),
}

/**
 * The Farcaster plugin's server half: `POST /api/v1/farcaster/init`, `GET /status`, `POST
 * /authenticate`, `/link`, `/unlink`, `/transfer`, `/signer/init` and `/signer/status`, and the Mini
 * App routes `POST /api/v2/farcaster/init` and `/api/v2/farcaster/authenticate`.
 * @param options - relay, Optimism RPC, ID registry and signer API (production defaults), or stand-ins.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { farcasterServer } from 'portico/plugins/farcaster/server'
 * const server = await createServer({
 *   db: await createPgliteDb(), mail: new DevInbox(), secret: 's',
 *   plugins: [farcasterServer({ optimismRpcUrl: 'https://mainnet.optimism.io' })],
 * })
 * ```
 */
export function farcasterServer(options: FarcasterServerOptions = {}) {
  const relay = options.relay ?? new HttpFarcasterRelay(options.relayUrl ?? 'https://relay.farcaster.xyz')
  const signerApi = options.signerApi ?? new HttpFarcasterSignerApi(options.signerApiUrl ?? 'https://api.warpcast.com')
  const registry = custodyReader(
    options.optimismRpcUrl ?? 'https://mainnet.optimism.io',
    getAddress(options.idRegistryAddress ?? FARCASTER_ID_REGISTRY),
  )
  const perIp = options.initPerIp ?? FARCASTER_INIT_PER_IP

  async function relayStatus(token: string): Promise<RelayChannelStatus | null> {
    try {
      return await relay.channelStatus(token)
    } catch (err) {
      if (err instanceof FarcasterRelayError) throw upstream(err)
      throw err
    }
  }

  /** The signature must come from the fid's custody address: an EOA, or a contract answering EIP-1271. */
  async function checkSignature(custody: Address, message: string, signature: Hex): Promise<void> {
    try {
      if (await verifyMessage({ address: custody, message, signature })) return
    } catch {
      // Not a plain ECDSA signature: maybe a contract custody's; fall through.
    }
    const code = await registry
      .client()
      .getCode({ address: custody })
      .catch(() => undefined)
    if (!code || code === '0x') throw bad('The signature is not from the custody address of this fid.')
    const valid = await registry
      .client()
      .verifyMessage({ address: custody, message, signature })
      .catch(() => false)
    if (!valid) throw bad('The signature is not from the custody address of this fid.')
  }

  /**
   * The checks v1 and v2 share: a well-formed EIP-4361 message for `expected.domain` (any allowed host
   * when it is a set), the expected nonce, chain 10, in its validity window on the server clock, for
   * exactly the body's fid, signed by the fid's custody address.
   */
  async function checkSignedMessage(
    ctx: RequestContext,
    body: { message: string; signature: string; fid: number },
    expected: { domain: string | ReadonlySet<string> | null; nonce: string },
  ): Promise<VerifiedSignIn> {
    const now = ctx.now()
    const msg = parseSiweMessage(body.message)
    if (!msg.domain || !msg.address || !msg.nonce || !msg.uri || msg.version !== '1' || !msg.chainId) {
      throw errors.invalidData('Invalid Sign In With Farcaster message.')
    }
    const domainOk =
      expected.domain === null || (typeof expected.domain === 'string' ? msg.domain === expected.domain : expected.domain.has(msg.domain))
    if (!domainOk) throw bad(`The message's domain ${msg.domain} is not this app's.`)
    if (msg.nonce !== expected.nonce) throw bad('The message was not signed for this sign-in request (wrong nonce).')
    if (msg.chainId !== SIWF_CHAIN_ID) throw bad('The message must name chain 10 (Optimism).')
    if (msg.expirationTime && msg.expirationTime.getTime() <= now) throw bad('The message has expired.')
    if (msg.notBefore && msg.notBefore.getTime() > now + FARCASTER_CLOCK_SKEW_MS) throw bad('The message is not valid yet.')
    if (msg.issuedAt && msg.issuedAt.getTime() > now + FARCASTER_CLOCK_SKEW_MS) throw bad('The message was issued in the future.')
    const fids = (msg.resources ?? []).map((r) => /^farcaster:\/\/fid\/(\d+)$/.exec(r)?.[1]).filter((x) => x !== undefined)
    if (fids.length !== 1 || Number(fids[0]) !== body.fid) throw bad('The message does not sign in this fid.')
    const custody = await registry.custodyOf(body.fid)
    if (isAddressEqual(custody, zeroAddress)) throw bad('This fid is not registered.')
    if (!isAddressEqual(msg.address, custody)) throw bad('The message is not from the custody address of this fid.')
    await checkSignature(custody, body.message, body.signature as Hex)
    return { fid: body.fid, custody: getAddress(custody) }
  }

  /** Verifies a signed message for a channel and spends the channel. */
  async function verify(
    ctx: RequestContext,
    body: { channel_token: string; message: string; signature: string; fid: number },
  ): Promise<VerifiedSignIn> {
    const channel = await findChannel(ctx, body.channel_token)
    const now = ctx.now()
    if (channel.used_at !== null) throw bad('This Farcaster sign-in was already used. Please try again.')
    if (Number(channel.expires_at) <= now) throw bad('The Farcaster sign-in request has expired. Please try again.')
    const signed = await checkSignedMessage(ctx, body, { domain: channel.domain, nonce: channel.nonce })
    // Spend the channel; of two requests racing with the same one, exactly one wins.
    const spent = await ctx.db.query(
      'UPDATE farcaster_channels SET used_at = $3 WHERE app_id = $1 AND channel_token = $2 AND used_at IS NULL RETURNING nonce',
      [ctx.app.id, body.channel_token, now],
    )
    if (!spent[0]) throw bad('This Farcaster sign-in was already used. Please try again.')
    return signed
  }

  /**
   * Verifies a Mini App's message (v2): the nonce must be one `initV2` issued for this app, unexpired
   * and unused; the domain one of the app's origins' hosts (any when the app names no web origin).
   */
  async function verifyV2(ctx: RequestContext, body: { message: string; signature: string; fid: number }): Promise<VerifiedSignIn> {
    let nonce: string | undefined
    try {
      nonce = parseSiweMessage(body.message).nonce
    } catch {
      nonce = undefined
    }
    if (!nonce) throw errors.invalidData('Invalid Sign In With Farcaster message.')
    const now = ctx.now()
    const rows = await ctx.db.query<{ expires_at: string | number }>(
      'SELECT expires_at FROM farcaster_nonces WHERE app_id = $1 AND nonce = $2',
      [ctx.app.id, nonce],
    )
    if (!rows[0] || Number(rows[0].expires_at) <= now) throw bad('Invalid or expired nonce. Please try again.')
    const hosts = ctx.app.allowedOrigins.map(hostOf).filter((h): h is string => h !== null)
    const signed = await checkSignedMessage(ctx, body, { domain: hosts.length ? new Set(hosts) : null, nonce })
    // Single use: of two requests racing with the same nonce, exactly one deletes it.
    const spent = await ctx.db.query('DELETE FROM farcaster_nonces WHERE app_id = $1 AND nonce = $2 AND expires_at > $3 RETURNING nonce', [
      ctx.app.id,
      nonce,
      now,
    ])
    if (!spent[0]) throw bad('Invalid or expired nonce. Please try again.')
    return signed
  }

  /** The profile a channel's relay status reports, if the relay answers and it is for this fid. */
  async function channelProfile(channelToken: string, fid: number): Promise<Profile | null> {
    try {
      const s = await relay.channelStatus(channelToken)
      return s?.state === 'completed' && s.fid === fid ? s : null
    } catch {
      // The profile is decoration: a relay hiccup must not fail a verified sign-in.
      return null
    }
  }

  /**
   * The linked account: profile fields from the relay (the Farcaster app reports them); without a
   * profile (v2, or a relay hiccup) the stored ones stay. An approved signer is always kept.
   */
  async function account(ctx: RequestContext, profile: Profile | null, signed: VerifiedSignIn) {
    const existing = await ctx.db.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM linked_accounts WHERE app_id = $1 AND type = 'farcaster' AND identity_key = $2",
      [ctx.app.id, String(signed.fid)],
    )
    const stored = existing[0]?.details ?? {}
    const kept = (k: string) => (typeof stored[k] === 'string' ? (stored[k] as string) : null)
    const p = profile
      ? { username: profile.username, displayName: profile.displayName, bio: profile.bio, pfpUrl: profile.pfpUrl }
      : { username: kept('username'), displayName: kept('display_name'), bio: kept('bio'), pfpUrl: kept('profile_picture_url') }
    const signer = kept('signer_public_key')
    return {
      type: 'farcaster',
      identityKey: String(signed.fid),
      details: {
        fid: signed.fid,
        owner_address: signed.custody,
        username: p.username ?? null,
        display_name: p.displayName ?? null,
        bio: p.bio ?? null,
        profile_picture: p.pfpUrl ?? null,
        profile_picture_url: p.pfpUrl ?? null,
        homepage_url: p.username ? `https://warpcast.com/${p.username}` : null,
        ...(signer ? { signer_public_key: signer } : {}),
      },
    }
  }

  /** The session's user, who must have this fid among their accounts for signer calls. */
  async function farcasterFidOf(ctx: RequestContext): Promise<{ userId: string; fid: number }> {
    const session = await ctx.requireSession()
    const user = await ctx.users.get(ctx.app, session.userId)
    const acct = user?.accounts.find((a) => a.type === 'farcaster')
    if (!user || !acct) throw errors.invalidData('The user has no Farcaster account.')
    return { userId: session.userId, fid: Number(acct.identityKey) }
  }

  return defineServerPlugin({
    id: 'farcaster',
    routes: farcasterRoutes,
    schemas: farcasterSchemas,
    settings: [farcasterSignerSetting],
    loginSwitches: [{ name: 'farcaster_auth' }],
    accountTypes: [farcasterAccountType],
    migrations: farcasterMigrations,
    handlers: {
      async init(req, ctx) {
        const { app } = ctx
        checkEnabled(app)
        // A signed-in user linking an account has proven to be human already (the widget skips the captcha then).
        if (!(await ctx.session())) await ctx.verifyCaptcha(req.body.token)
        await ctx.rateLimit(`farcaster:ip:${app.id}:${ctx.ip}`, perIp.limit, perIp.windowMs)
        const { domain, uri } = audience(app, req.body.relying_party, req.headers.origin)
        const now = ctx.now()
        const nonce = randomBytes(12).toString('hex')
        const expiresAt = now + FARCASTER_CHANNEL_TTL_MS
        let channel
        try {
          channel = await relay.createChannel({
            siweUri: uri,
            domain,
            nonce,
            notBefore: new Date(now).toISOString(),
            expirationTime: new Date(expiresAt).toISOString(),
            ...(req.body.redirect_url ? { redirectUrl: req.body.redirect_url } : {}),
          })
        } catch (err) {
          if (err instanceof FarcasterRelayError) throw upstream(err)
          throw err
        }
        if (channel.nonce !== nonce) throw upstream(new Error('the relay replaced the nonce'))
        // Expired channels are swept here rather than by a timer: init is where the table grows.
        await ctx.db.query('DELETE FROM farcaster_channels WHERE app_id = $1 AND expires_at <= $2', [app.id, now])
        await ctx.db.query(
          'INSERT INTO farcaster_channels (app_id, channel_token, nonce, domain, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [app.id, channel.channelToken, nonce, domain, now, expiresAt],
        )
        return { channel_token: channel.channelToken, connect_uri: channel.connectUri }
      },

      async status(req, ctx) {
        checkEnabled(ctx.app)
        const token = req.headers[FARCASTER_CHANNEL_HEADER]
        if (!token) throw errors.invalidData(`The ${FARCASTER_CHANNEL_HEADER} header is required.`)
        // Only this app's channels: the relay would answer for any token.
        await findChannel(ctx, token)
        const s = await relayStatus(token)
        if (!s) throw bad('Unknown or expired Farcaster channel. Please try again.')
        if (s.state === 'pending') return { state: 'pending' as const, nonce: s.nonce }
        return {
          state: 'completed' as const,
          nonce: s.nonce,
          message: s.message,
          signature: s.signature,
          fid: s.fid,
          username: s.username,
          display_name: s.displayName,
          bio: s.bio,
          pfp_url: s.pfpUrl,
        }
      },

      async authenticate(req, ctx) {
        checkEnabled(ctx.app)
        const signed = await verify(ctx, req.body)
        const acct = await account(ctx, await channelProfile(req.body.channel_token, signed.fid), signed)
        return ctx.signIn(acct, { mode: req.body.mode, allowlistIdentities: [acct.identityKey] })
      },

      async initV2(_req, ctx) {
        const { app } = ctx
        checkEnabled(app)
        await ctx.rateLimit(`farcaster:ip:${app.id}:${ctx.ip}`, perIp.limit, perIp.windowMs)
        const now = ctx.now()
        const nonce = randomBytes(12).toString('hex')
        const expiresAt = now + FARCASTER_NONCE_TTL_MS
        // Expired nonces are swept here rather than by a timer: init is where the table grows.
        await ctx.db.query('DELETE FROM farcaster_nonces WHERE app_id = $1 AND expires_at <= $2', [app.id, now])
        await ctx.db.query('INSERT INTO farcaster_nonces (app_id, nonce, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
          app.id,
          nonce,
          now,
          expiresAt,
        ])
        return { nonce, expires_at: new Date(expiresAt).toISOString() }
      },

      async authenticateV2(req, ctx) {
        checkEnabled(ctx.app)
        const signed = await verifyV2(ctx, req.body)
        const acct = await account(ctx, null, signed)
        return ctx.signIn(acct, { mode: req.body.mode, allowlistIdentities: [acct.identityKey] })
      },

      async link(req, ctx) {
        checkEnabled(ctx.app)
        // Only a signed-in user may link; check before spending the channel.
        await ctx.requireSession()
        const signed = await verify(ctx, req.body)
        const user = await ctx.link(await account(ctx, await channelProfile(req.body.channel_token, signed.fid), signed), { single: true })
        return ctx.users.toWire(user)
      },

      async transfer(req, ctx) {
        // The nonce names the conflict a verified link met (its account was checked then); the fid must be that account's.
        const user = await ctx.transferAccount({ nonce: req.body.nonce, type: 'farcaster', identityKey: String(req.body.farcaster_id) })
        return ctx.users.toWire(user)
      },

      async unlink(req, ctx) {
        const session = await ctx.requireSession()
        const user = await ctx.users.unlink(ctx.app, session.userId, { type: 'farcaster', identityKey: String(req.body.fid) })
        return ctx.users.toWire(user)
      },

      async signerInit(req, ctx) {
        const settings = readSetting(ctx.app, farcasterSignerSetting)
        if (!settings) throw errors.featureNotEnabled('Farcaster signers are not configured for this app.')
        const { userId } = await farcasterFidOf(ctx)
        const key = req.body.ed25519_public_key as Hex
        const deadline = req.body.deadline ?? Math.floor(ctx.now() / 1000) + FARCASTER_SIGNER_DEADLINE_S
        if (deadline * 1000 <= ctx.now()) throw errors.invalidData('deadline is in the past.')
        let signature: Hex
        try {
          const appAccount = privateKeyToAccount(settings.custodyPrivateKey as Hex)
          signature = await appAccount.signTypedData({
            domain: {
              name: 'Farcaster SignedKeyRequestValidator',
              version: '1',
              chainId: SIWF_CHAIN_ID,
              verifyingContract: FARCASTER_KEY_REQUEST_VALIDATOR,
            },
            types: SIGNED_KEY_REQUEST_TYPES,
            primaryType: 'SignedKeyRequest',
            message: { requestFid: BigInt(settings.appFid), key, deadline: BigInt(deadline) },
          })
        } catch {
          throw errors.featureNotEnabled("The app's Farcaster signer key is not a valid private key.")
        }
        let request
        try {
          request = await signerApi.createRequest({ key, requestFid: settings.appFid, signature, deadline })
        } catch (err) {
          if (err instanceof FarcasterRelayError) throw upstream(err)
          throw err
        }
        await ctx.db.query(
          `INSERT INTO farcaster_signers (app_id, user_id, public_key, request_token, approval_url, status, created_at)
           VALUES ($1, $2, $3, $4, $5, 'pending_approval', $6)
           ON CONFLICT (app_id, user_id, public_key)
           DO UPDATE SET request_token = $4, approval_url = $5, status = 'pending_approval', fid = NULL, created_at = $6`,
          [ctx.app.id, userId, key, request.token, request.deeplinkUrl, ctx.now()],
        )
        return { status: 'pending_approval' as const, public_key: key, signer_approval_url: request.deeplinkUrl }
      },

      async signerStatus(req, ctx) {
        const { userId, fid } = await farcasterFidOf(ctx)
        const key = req.body.ed25519_public_key
        const rows = await ctx.db.query<{ request_token: string; approval_url: string }>(
          'SELECT request_token, approval_url FROM farcaster_signers WHERE app_id = $1 AND user_id = $2 AND public_key = $3',
          [ctx.app.id, userId, key],
        )
        const row = rows[0]
        if (!row) throw errors.invalidData('No signer request for this key; call signer/init first.')
        let request
        try {
          request = await signerApi.getRequest(row.request_token)
        } catch (err) {
          if (err instanceof FarcasterRelayError) throw upstream(err)
          throw err
        }
        if (!request || request.state === 'revoked') {
          await ctx.db.query("UPDATE farcaster_signers SET status = 'revoked' WHERE app_id = $1 AND user_id = $2 AND public_key = $3", [
            ctx.app.id,
            userId,
            key,
          ])
          return { status: 'revoked' as const, fid, public_key: key }
        }
        if (request.state === 'pending') {
          return { status: 'pending_approval' as const, public_key: key, signer_approval_url: row.approval_url }
        }
        // Approved by some Farcaster account: it must be the user's own, or the key signs for someone else.
        if (request.userFid !== fid) {
          throw bad('The signer was approved by another Farcaster account than the one linked to this user.')
        }
        await ctx.db.query("UPDATE farcaster_signers SET status = 'approved', fid = $4 WHERE app_id = $1 AND user_id = $2 AND public_key = $3", [
          ctx.app.id,
          userId,
          key,
          fid,
        ])
        await ctx.db.query(
          `UPDATE linked_accounts SET details = details || jsonb_build_object('signer_public_key', $4::text)
           WHERE app_id = $1 AND user_id = $2 AND type = 'farcaster' AND identity_key = $3`,
          [ctx.app.id, userId, String(fid), key],
        )
        return { status: 'approved' as const, fid, public_key: key }
      },
    },
  })
}
