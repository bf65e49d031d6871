/**
 * Sign-In With Ethereum, server half: hands out single-use nonces bound to an address and exchanges
 * signed EIP-4361 messages for sessions. EOA signatures are checked offline; smart-contract wallets
 * (EIP-1271, and EIP-6492 for wallets not yet deployed) through the app's JSON-RPC URL for the chain.
 * @module
 */
import { randomBytes } from 'node:crypto'
import { createPublicClient, getAddress, http, isAddress, verifyMessage, type Hex, type PublicClient } from 'viem'
import {
  defineServerPlugin,
  errors,
  isLoginEnabled,
  readSetting,
  type LinkedAccountType,
  type Migration,
  type RateLimitSetting,
  type RequestContext,
  type ServerApp,
} from '../../server'
import { chainRpcUrlsSetting, ethereumChainsSetting, walletsServer } from '../wallets/server'
import { siweRoutes } from './api'
import { SiweParseError, parseSiweMessage, type SiweMessageFields } from './message'
import { siweSchemas } from './schemas'

/** How long a nonce may be used after `init`. */
export const SIWE_NONCE_TTL_MS = 10 * 60 * 1000

/** How far in the future `Issued At` (and `Not Before`) may be: wallets' and servers' clocks drift. */
export const SIWE_CLOCK_SKEW_MS = 2 * 60 * 1000

/** `init` calls per client IP. */
export const SIWE_INIT_PER_IP: RateLimitSetting = { limit: 100, windowMs: 10 * 60 * 1000 }

/** How long a smart-wallet check may wait for the chain's RPC. */
const RPC_TIMEOUT_MS = 10_000

/** The nonces table. */
export const siweMigrations: readonly Migration[] = [
  {
    id: 'siwe/0001_nonces',
    sql: `
CREATE TABLE siwe_nonces (
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  nonce text NOT NULL,
  address text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (app_id, nonce)
);
CREATE INDEX siwe_nonces_expires_idx ON siwe_nonces (app_id, expires_at);
`,
  },
]

/** Options of {@link siweServer}. */
export interface SiweServerOptions {
  /** `init` calls per client IP. @defaultValue {@link SIWE_INIT_PER_IP} */
  initPerIp?: RateLimitSetting
}

/** The signed fields of a request, as `/authenticate` and `/link` carry them. */
interface SignedBody {
  message: string
  signature: string
  chainId: string | null
  walletClientType: string | null
  connectorType: string | null
}

const bad = (message: string) => errors.invalidCredentials(message)

function checkEnabled(app: ServerApp): void {
  if (!isLoginEnabled(app, 'wallet_auth')) throw errors.disallowedLoginMethod('wallet')
}

function parse(text: string): SiweMessageFields {
  try {
    return parseSiweMessage(text)
  } catch (err) {
    if (err instanceof SiweParseError) throw errors.invalidData(`Invalid sign-in message: ${err.message}`)
    throw err
  }
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/**
 * The message must name this app's page: its domain and URI are an allowed origin, and the URI's
 * scheme, host and port are those of the domain and, when the browser sends it, of the request's Origin.
 */
function checkAudience(app: ServerApp, msg: SiweMessageFields, requestOrigin: string | undefined): void {
  const hosts = app.allowedOrigins.map(hostOf)
  if (!hosts.includes(msg.domain)) throw bad(`The message's domain ${msg.domain} is not allowed for this app.`)
  if (requestOrigin && hostOf(requestOrigin) !== msg.domain) {
    throw bad(`The message's domain ${msg.domain} does not match the request's origin.`)
  }
  let uri: URL
  try {
    uri = new URL(msg.uri)
  } catch {
    throw bad('The message URI is not a URL.')
  }
  if (!app.allowedOrigins.includes(uri.origin)) throw bad(`The message's URI ${msg.uri} is not allowed for this app.`)
  if (uri.host !== msg.domain) throw bad(`The message's URI ${msg.uri} is not on its domain ${msg.domain}.`)
  if (requestOrigin && uri.origin !== requestOrigin) {
    throw bad(`The message's URI ${msg.uri} does not match the request's origin ${requestOrigin}.`)
  }
}

/**
 * The Ethereum chains the app accepts sign-ins on: its `ethereumChains` setting and the chains it has
 * an RPC URL for (`chainRpcUrls`).
 * @param app - the app.
 * @returns CAIP-2 ids (`eip155:<n>`).
 * @example
 * ```ts
 * acceptedChains(ctx.app).has('eip155:1')
 * ```
 */
export function acceptedChains(app: ServerApp): Set<string> {
  const rpcChains = Object.keys(readSetting(app, chainRpcUrlsSetting)).filter((id) => id.startsWith('eip155:'))
  return new Set([...readSetting(app, ethereumChainsSetting), ...rpcChains])
}

function checkChain(app: ServerApp, msg: SiweMessageFields): void {
  if (!acceptedChains(app).has(`eip155:${msg.chainId}`)) {
    throw bad(`This app does not accept sign-ins on chain eip155:${msg.chainId}.`)
  }
}

function checkTimes(msg: SiweMessageFields, now: number): void {
  if (msg.issuedAt.getTime() > now + SIWE_CLOCK_SKEW_MS) throw bad('The message was issued in the future.')
  if (msg.expirationTime && msg.expirationTime.getTime() <= now) throw bad('The message has expired.')
  if (msg.notBefore && msg.notBefore.getTime() > now + SIWE_CLOCK_SKEW_MS) throw bad('The message is not valid yet.')
}

interface NonceRow {
  address: string
  created_at: string | number
  expires_at: string | number
}

/**
 * Reads the nonce without spending it, so that a bad signature cannot burn a user's nonce. The message
 * cannot predate its nonce (less the clock skew): `Issued At` is bounded by the nonce's age.
 */
async function checkNonce(ctx: RequestContext, msg: SiweMessageFields): Promise<void> {
  const rows = await ctx.db.query<NonceRow>(
    'SELECT address, created_at, expires_at FROM siwe_nonces WHERE app_id = $1 AND nonce = $2',
    [ctx.app.id, msg.nonce],
  )
  const row = rows[0]
  if (!row || Number(row.expires_at) <= ctx.now()) throw bad('Invalid or expired nonce. Please try again.')
  if (row.address !== msg.address.toLowerCase()) throw bad('The nonce was issued for another address.')
  if (msg.issuedAt.getTime() < Number(row.created_at) - SIWE_CLOCK_SKEW_MS) {
    throw bad('The message was issued before its nonce: it is too old.')
  }
}

/** Spends the nonce; of two requests racing with the same one, exactly one wins. */
async function consumeNonce(ctx: RequestContext, msg: SiweMessageFields): Promise<void> {
  const rows = await ctx.db.query(
    'DELETE FROM siwe_nonces WHERE app_id = $1 AND nonce = $2 AND address = $3 AND expires_at > $4 RETURNING nonce',
    [ctx.app.id, msg.nonce, msg.address.toLowerCase(), ctx.now()],
  )
  if (!rows[0]) throw bad('Invalid or expired nonce. Please try again.')
}

// One client per RPC URL: viem clients are cheap, but keeping them avoids rebuilding transports per request.
const clients = new Map<string, { client: PublicClient; chainId?: number }>()

/**
 * The client for a chain's RPC URL, once the node has said it serves that chain: a URL configured
 * under the wrong chain id would otherwise check signatures against another chain's contracts.
 */
async function clientFor(url: string, chainId: number): Promise<PublicClient> {
  let entry = clients.get(url)
  if (!entry) {
    entry = { client: createPublicClient({ transport: http(url, { timeout: RPC_TIMEOUT_MS, retryCount: 0 }) }) }
    clients.set(url, entry)
  }
  if (entry.chainId === undefined) {
    try {
      entry.chainId = await entry.client.getChainId()
    } catch {
      throw bad(`Could not verify the smart wallet signature: the RPC for eip155:${chainId} did not answer.`)
    }
  }
  if (entry.chainId !== chainId) {
    throw bad(`Could not verify the smart wallet signature: the RPC for eip155:${chainId} serves eip155:${entry.chainId}.`)
  }
  return entry.client
}

async function checkSignature(app: ServerApp, msg: SiweMessageFields & { message: string }, signature: string): Promise<void> {
  const address = msg.address as Hex
  const sig = signature as Hex
  try {
    if (await verifyMessage({ address, message: msg.message, signature: sig })) return
  } catch {
    // Not a 65-byte ECDSA signature: maybe a smart-contract wallet's; fall through.
  }
  const rpcUrl = readSetting(app, chainRpcUrlsSetting)[`eip155:${msg.chainId}`]
  if (!rpcUrl) throw bad('Invalid signature.')
  const client = await clientFor(rpcUrl, msg.chainId)
  let valid: boolean
  try {
    // Handles deployed EIP-1271 wallets and EIP-6492-wrapped signatures of counterfactual ones.
    valid = await client.verifyMessage({ address, message: msg.message, signature: sig })
  } catch {
    throw bad(`Could not verify the smart wallet signature on eip155:${msg.chainId}.`)
  }
  if (!valid) throw bad('Invalid signature.')
}

/**
 * Verifies a signed EIP-4361 message end to end (audience, chain, times, the nonce `init` issued for
 * its address, the signature: offline for an EOA, through the chain's RPC for EIP-1271 and EIP-6492
 * smart wallets) and spends its nonce. Other plugins' routes that take a SIWE proof use it.
 * @param body - the message and its signature.
 * @param origin - the request's `Origin` header.
 * @param ctx - the request's context.
 * @returns the message's fields.
 * @throws 400 `invalid_data` with the reason when any check fails (the nonce is then kept).
 * @example
 * ```ts
 * import { verifySiweMessage } from 'portico/plugins/siwe/server'
 * const msg = await verifySiweMessage(req.body, req.headers.origin, ctx)
 * ```
 */
export async function verifySiweMessage(
  body: { message: string; signature: string },
  origin: string | undefined,
  ctx: RequestContext,
): Promise<SiweMessageFields & { message: string }> {
  const parsed = parse(body.message)
  // EIP-4361: the address MUST be EIP-55 checksummed, so all-lowercase (or all-uppercase) is refused too.
  if (!isAddress(parsed.address, { strict: false }) || getAddress(parsed.address) !== parsed.address) {
    throw errors.invalidData('The message address must be EIP-55 checksummed.')
  }
  const msg = { ...parsed, message: body.message }
  checkAudience(ctx.app, msg, origin)
  checkChain(ctx.app, msg)
  checkTimes(msg, ctx.now())
  await checkNonce(ctx, msg)
  await checkSignature(ctx.app, msg, body.signature)
  await consumeNonce(ctx, msg)
  return msg
}

/** The linked account a verified wallet stands for (the contract's external `wallet`). */
function walletAccount(msg: SiweMessageFields, body: SignedBody) {
  const address = getAddress(msg.address)
  return {
    type: 'wallet',
    identityKey: address.toLowerCase(),
    details: {
      address,
      chain_type: 'ethereum',
      wallet_client: 'unknown',
      // The signed chain, not the unsigned `chainId` field: it is the one the signature covers.
      chain_id: `eip155:${msg.chainId}`,
      ...(body.walletClientType !== null ? { wallet_client_type: body.walletClientType } : {}),
      ...(body.connectorType !== null ? { connector_type: body.connectorType } : {}),
    },
  }
}

/**
 * Wallets (`{address, chain_type, …}`): keys the user holds (strong). An embedded Ethereum wallet of
 * another user is offered for copying before a transfer deletes that user.
 */
export const walletAccountType: LinkedAccountType = {
  type: 'wallet',
  strong: true,
  embeddedWalletAddress: ({ details: d }) =>
    d.connector_type === 'embedded' && d.chain_type === 'ethereum' && typeof d.address === 'string' && d.address !== '' ? d.address : null,
}

/**
 * The SIWE plugin's server half: `POST /api/v1/siwe/init`, `/authenticate`, `/link`, `/unlink` and
 * `/transfer`. Smart-contract
 * wallets are verified through the app's `chainRpcUrls` setting (CAIP-2 chain id → JSON-RPC URL).
 * @param options - the init rate limit.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { siweServer } from 'portico/plugins/siwe/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [siweServer()] })
 * ```
 */
export function siweServer(options: SiweServerOptions = {}) {
  const perIp = options.initPerIp ?? SIWE_INIT_PER_IP
  return defineServerPlugin({
    id: 'siwe',
    routes: siweRoutes,
    schemas: siweSchemas,
    requires: [walletsServer()],
    loginSwitches: [{ name: 'wallet_auth' }],
    accountTypes: [walletAccountType],
    migrations: siweMigrations,
    handlers: {
      async init(req, ctx) {
        const { app } = ctx
        // A signed-in user linking a wallet has proven to be human already (the widget skips the captcha
        // then), and may ask a nonce without wallet login: the link route that spends it decides
        // (a smart wallet's link proves the account with a SIWE message in an email-login app too).
        if (!(await ctx.session())) {
          checkEnabled(app)
          await ctx.verifyCaptcha(req.body.token)
        }
        await ctx.rateLimit(`siwe:ip:${app.id}:${ctx.ip}`, perIp.limit, perIp.windowMs)
        const address = getAddress(req.body.address.toLowerCase())
        const now = ctx.now()
        const nonce = randomBytes(16).toString('hex')
        const expiresAt = now + SIWE_NONCE_TTL_MS
        // Expired nonces are swept here rather than by a timer: init is where the table grows.
        await ctx.db.query('DELETE FROM siwe_nonces WHERE app_id = $1 AND expires_at <= $2', [app.id, now])
        await ctx.db.query(
          'INSERT INTO siwe_nonces (app_id, nonce, address, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
          [app.id, nonce, address.toLowerCase(), now, expiresAt],
        )
        return { nonce, address, expires_at: new Date(expiresAt).toISOString() }
      },

      async authenticate(req, ctx) {
        checkEnabled(ctx.app)
        const msg = await verifySiweMessage(req.body, req.headers.origin, ctx)
        const account = walletAccount(msg, req.body)
        return ctx.signIn(account, { mode: req.body.mode, allowlistIdentities: [account.identityKey] })
      },

      async link(req, ctx) {
        checkEnabled(ctx.app)
        // Only a signed-in user may link; check before spending the nonce.
        await ctx.requireSession()
        const msg = await verifySiweMessage(req.body, req.headers.origin, ctx)
        const user = await ctx.link(walletAccount(msg, req.body))
        return ctx.users.toWire(user)
      },

      async unlink(req, ctx) {
        const s = await ctx.requireSession()
        const user = await ctx.users.unlink(ctx.app, s.userId, { type: 'wallet', identityKey: req.body.address.toLowerCase() })
        return ctx.users.toWire(user)
      },

      async transfer(req, ctx) {
        // The wallet was proven by the signed link that raised the conflict; the nonce stands for that proof.
        const user = await ctx.transferAccount({ nonce: req.body.nonce, type: 'wallet', identityKey: req.body.address.toLowerCase() })
        return ctx.users.toWire(user)
      },
    },
  })
}
