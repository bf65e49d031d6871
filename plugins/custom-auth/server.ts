/**
 * The custom-token login, server half: verifies the host app's own JWT against the app's
 * `customAuth` setting (a JWKS URL or a PEM key) and turns its user id into a Portico session.
 * @module
 */
import { createPublicKey, type KeyObject } from 'node:crypto'
import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'
import * as v from 'valibot'
import {
  defineServerPlugin,
  defineSetting,
  errors,
  HttpError,
  isLoginEnabled,
  readSetting,
  type AccountInput,
  type LinkedAccountType,
  type RequestContext,
  type ServerApp,
} from '../../server'
import { customAuthRoutes } from './api'
import { customAuthSchemas } from './schemas'

/** How the app's own JWTs (custom-token login) are verified. */
export interface CustomAuthSettings {
  /** A JWKS URL serving the app's public keys; used when set. */
  jwksUrl: string | null
  /** A PEM public key (SPKI) when there is no JWKS URL. */
  publicKeyPem: string | null
  /** Required `iss`; null skips the check. */
  issuer: string | null
  /** Required `aud`; null skips the check. */
  audience: string | null
  /** Accepted `alg` values. @defaultValue ['RS256', 'ES256'] */
  algorithms: string[]
  /** The claim holding the user id. @defaultValue 'sub' */
  userIdClaim: string
}

const nullableText = v.nullable(v.pipe(v.string(), v.maxLength(2000)))

/**
 * `customAuth`: how the app's own JWTs are verified. A patch names only the fields it changes
 * (`update: 'merge'`). @defaultValue no key, RS256/ES256, `sub`
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { customAuthSetting } from 'portico/plugins/custom-auth/server'
 * const { jwksUrl } = readSetting(ctx.app, customAuthSetting)
 * ```
 */
export const customAuthSetting = defineSetting<CustomAuthSettings>({
  key: 'customAuth',
  schema: v.partial(
    v.strictObject({
      jwksUrl: v.nullable(v.pipe(v.string(), v.url('Must be a URL.'))),
      publicKeyPem: v.nullable(v.pipe(v.string(), v.includes('BEGIN PUBLIC KEY', 'publicKeyPem must be an SPKI PEM.'))),
      issuer: nullableText,
      audience: nullableText,
      algorithms: v.pipe(v.array(v.picklist(['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'])), v.minLength(1)),
      userIdClaim: v.pipe(v.string(), v.minLength(1)),
    }),
  ),
  default: { jwksUrl: null, publicKeyPem: null, issuer: null, audience: null, algorithms: ['RS256', 'ES256'], userIdClaim: 'sub' },
  update: 'merge',
})

/** Allowed skew between the host's clock and ours when checking `exp`, `nbf` and `iat`. */
export const CLOCK_TOLERANCE_S = 30
/** How long a JWKS fetch may take before the login fails. */
export const JWKS_TIMEOUT_MS = 5_000
/** After a token with an unknown `kid`, the JWKS is fetched again at most this often. */
export const JWKS_COOLDOWN_MS = 30_000
/** How long a fetched JWKS is used before it is fetched again. */
export const JWKS_MAX_AGE_MS = 10 * 60_000
/** Longest user id kept: it becomes a linked account's identity. */
export const MAX_USER_ID_LENGTH = 512
/** How many JWKS URLs keep a cached key set (one per app, normally). */
const MAX_CACHED_JWKS = 256

/**
 * Algorithms that may ever be accepted, whatever an app lists: asymmetric ones only. `none` and the
 * HMAC family are refused, so a token "signed" with the public key as an HMAC secret never verifies.
 */
export const SUPPORTED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const

/** Options of {@link customAuthServer}. */
export interface CustomAuthServerOptions {
  /** @defaultValue {@link JWKS_TIMEOUT_MS} */
  jwksTimeoutMs?: number
  /** @defaultValue {@link JWKS_COOLDOWN_MS} */
  jwksCooldownMs?: number
  /** @defaultValue {@link JWKS_MAX_AGE_MS} */
  jwksMaxAgeMs?: number
}

/** The JWKS could not be fetched: told apart from a token that fails verification. */
class KeySourceError extends Error {
  override name = 'KeySourceError'
}

const invalid = (message: string) => errors.invalidCredentials(message)

/** Turns a verification failure into a 401 with a message that says what was wrong. */
function explain(err: unknown, settings: CustomAuthSettings): HttpError {
  if (err instanceof HttpError) return err
  if (err instanceof KeySourceError) {
    return invalid(`The token could not be verified: the app's signing keys could not be fetched (${err.message}).`)
  }
  if (err instanceof joseErrors.JWTExpired) return invalid('The token has expired.')
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return invalid(`The token's issuer is not accepted (expected "${settings.issuer}").`)
    if (err.claim === 'aud') return invalid(`The token's audience is not accepted (expected "${settings.audience}").`)
    if (err.claim === 'exp') return invalid('The token has no valid expiry ("exp" claim).')
    if (err.claim === 'nbf') return invalid('The token is not valid yet ("nbf" claim).')
    if (err.claim === 'iat') return invalid('The token has an invalid issue time ("iat" claim).')
    return invalid(`The token's "${err.claim}" claim is invalid.`)
  }
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return invalid('The token is signed with an algorithm that is not allowed.')
  if (err instanceof joseErrors.JWKSNoMatchingKey) return invalid("No key of the app matches the token's key id (kid).")
  if (err instanceof joseErrors.JWKSMultipleMatchingKeys) {
    return invalid('Several keys of the app match the token; the token must name its key id (kid).')
  }
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return invalid("The token's signature is invalid.")
  if (err instanceof joseErrors.JWSInvalid || err instanceof joseErrors.JWTInvalid) return invalid('The token is malformed.')
  // A key of the wrong type for the token's alg (an EC key for RS256...) and anything else jose refuses.
  return invalid('The token could not be verified.')
}

/** Accepted algorithms: the app's list, narrowed to the asymmetric ones Portico supports. */
function allowedAlgorithms(settings: CustomAuthSettings): string[] {
  const supported = new Set<string>(SUPPORTED_ALGORITHMS)
  return settings.algorithms.filter((a) => supported.has(a))
}

/** The app's own users (`{custom_user_id}`): their ids belong to one user of the host, never transferred. */
export const customAuthAccountType: LinkedAccountType = { type: 'custom_auth', transferable: false }

/**
 * The custom-auth plugin's server half: `POST /api/v1/custom_jwt_account/authenticate` and `/link`.
 * Verifies the host's JWT with jose (a JWKS cached per URL with a fetch timeout, or an SPKI PEM),
 * checks `iss`, `aud`, `exp` and the algorithm allow-list, and signs in the user its `userIdClaim`
 * names as a `custom_auth` account.
 * @param options - JWKS timing (tests shorten them).
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { customAuthServer } from 'portico/plugins/custom-auth/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [customAuthServer()] })
 * ```
 */
export function customAuthServer(options: CustomAuthServerOptions = {}) {
  const jwksSets = new Map<string, JWTVerifyGetKey>()
  const pemKeys = new Map<string, KeyObject>()

  function remoteKeys(url: string): JWTVerifyGetKey {
    let set = jwksSets.get(url)
    if (!set) {
      let parsed: URL
      try {
        parsed = new URL(url)
      } catch {
        throw errors.featureNotEnabled('The app’s custom auth JWKS URL is not a valid URL.')
      }
      const remote = createRemoteJWKSet(parsed, {
        timeoutDuration: options.jwksTimeoutMs ?? JWKS_TIMEOUT_MS,
        cooldownDuration: options.jwksCooldownMs ?? JWKS_COOLDOWN_MS,
        cacheMaxAge: options.jwksMaxAgeMs ?? JWKS_MAX_AGE_MS,
      })
      set = async (header, token) => {
        try {
          return await remote(header, token)
        } catch (err) {
          // Key lookup misses are token problems; everything else means the keys could not be had.
          if (err instanceof joseErrors.JWKSNoMatchingKey || err instanceof joseErrors.JWKSMultipleMatchingKeys) throw err
          const why =
            err instanceof joseErrors.JWKSTimeout
              ? `no answer within ${options.jwksTimeoutMs ?? JWKS_TIMEOUT_MS} ms`
              : err instanceof joseErrors.JWKSInvalid
                ? 'the answer is not a key set'
                : err instanceof Error
                  ? err.message
                  : String(err)
          throw new KeySourceError(why)
        }
      }
      if (jwksSets.size >= MAX_CACHED_JWKS) jwksSets.delete(jwksSets.keys().next().value!)
      jwksSets.set(url, set)
    }
    return set
  }

  function pemKey(pem: string): KeyObject {
    let key = pemKeys.get(pem)
    if (!key) {
      try {
        key = createPublicKey({ key: pem, format: 'pem' })
      } catch {
        throw errors.featureNotEnabled('The app’s custom auth public key is not a valid SPKI PEM.')
      }
      if (pemKeys.size >= MAX_CACHED_JWKS) pemKeys.delete(pemKeys.keys().next().value!)
      pemKeys.set(pem, key)
    }
    return key
  }

  /** Verifies a token for the app and returns the user id it names. */
  async function verify(ctx: RequestContext, token: string | undefined): Promise<string> {
    const { app } = ctx
    const settings = readSetting(app, customAuthSetting)
    checkEnabled(app)
    if (token === undefined || token.trim() === '') throw errors.invalidData('A token is required.')
    const algorithms = allowedAlgorithms(settings)
    if (algorithms.length === 0) {
      throw errors.featureNotEnabled('The app’s custom auth allows no supported signing algorithm.')
    }
    let payload: JWTPayload
    try {
      const options = {
        algorithms,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp'],
        // The server clock (dev mode can move it forward), not the machine's.
        currentDate: new Date(ctx.now()),
        ...(settings.issuer ? { issuer: settings.issuer } : {}),
        ...(settings.audience ? { audience: settings.audience } : {}),
      }
      const result = settings.jwksUrl
        ? await jwtVerify(token.trim(), remoteKeys(settings.jwksUrl), options)
        : await jwtVerify(token.trim(), pemKey(settings.publicKeyPem!), options)
      payload = result.payload
    } catch (err) {
      throw explain(err, settings)
    }
    const claim = settings.userIdClaim || 'sub'
    const raw = payload[claim]
    const userId = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw
    if (typeof userId !== 'string' || userId.trim() === '') {
      throw invalid(`The token has no user id ("${claim}" claim).`)
    }
    if (userId.length > MAX_USER_ID_LENGTH) throw invalid(`The token's user id ("${claim}" claim) is too long.`)
    return userId
  }

  return defineServerPlugin({
    id: 'custom-auth',
    routes: customAuthRoutes,
    schemas: customAuthSchemas,
    loginSwitches: [{ name: 'custom_jwt_auth' }],
    settings: [customAuthSetting],
    accountTypes: [customAuthAccountType],
    handlers: {
      async authenticate(req, ctx) {
        const userId = await verify(ctx, req.body.token)
        return ctx.signIn(customAccount(userId), { mode: req.body.mode, allowlistIdentities: [userId] })
      },

      async link(req, ctx) {
        checkEnabled(ctx.app)
        // Only a signed-in user may link; check before verifying anything.
        await ctx.requireSession()
        const userId = await verify(ctx, req.body.token)
        const user = await ctx.link(customAccount(userId), { single: true })
        return ctx.users.toWire(user)
      },
    },
  })
}

/** The switch, then a key to verify with: in that order, so a disabled app says so first. */
function checkEnabled(app: ServerApp): void {
  if (!isLoginEnabled(app, 'custom_jwt_auth')) throw errors.disallowedLoginMethod('a custom token')
  const { jwksUrl, publicKeyPem } = readSetting(app, customAuthSetting)
  if (!jwksUrl && !publicKeyPem) {
    throw errors.featureNotEnabled('Custom auth needs a JWKS URL or a public key in the app settings.')
  }
}

/** The account a host user id stands for. */
function customAccount(userId: string): AccountInput {
  return { type: 'custom_auth', identityKey: userId, details: { custom_user_id: userId } }
}
