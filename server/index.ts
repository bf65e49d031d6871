/**
 * The reference API server: `createServer`, storage adapters, apps, tokens, mail senders and the
 * server plugin API.
 * @module
 */
export { createServer, serverMigrations, ALLOWED_HEADERS, type CreateServerOptions, type PorticoServer } from './server'
export {
  defineServerPlugin,
  defineSetting,
  readSetting,
  collectRoutes,
  type ServerPlugin,
  type SettingDeclaration,
  type LoginSwitchDeclaration,
  type LinkedAccountType,
  type ServerRequest,
  type RequestContext,
  type RouteHandler,
  type HandlerTable,
  type RegisteredRoute,
  type AccountLock,
  type PageRoute,
  type PageRequest,
  type PageContext,
  type PageResponse,
  type SealedData,
  type SensitiveOperationRequest,
  type UserFieldDeclaration,
} from './plugin'
export { coreServerPlugin } from './core'
export {
  composeServerPlugins,
  withRequiredPlugins,
  EMPTY_REGISTRY,
  type ServerRegistry,
  type ServerDeclarations,
  type ResolvedAccountType,
} from './registry'
export type { Bind, Db, SqlParam } from './storage/db'
export { DatabaseUnavailableError, statementParams } from './storage/db'
export { createPgliteDb, type PgliteDb, type PgliteDbOptions, type PgliteStats } from './storage/pglite'
export { createPostgresDb, type PostgresDbOptions } from './storage/postgres'
export { runMigrations, coreMigrations, type Migration } from './storage/migrations'
export {
  createApp,
  updateApp,
  loadApp,
  rotateAppKey,
  retireAppKey,
  resealAppSecrets,
  toAppResponse,
  isLoginEnabled,
  DEFAULT_APP_SETTINGS,
  type AppSettings,
  type AppSettingsInput,
  type AllowlistScreenConfig,
  type CreateAppOptions,
  type ServerApp,
  type PreviousAppKey,
  type RetireKeyRefusal,
  type TestIdentity,
  type LoginSwitch,
  type RateLimitSetting,
} from './apps'
export {
  verifyAccessToken,
  TERMS_PENDING_CLAIM,
  generateAppKeys,
  signAccessToken,
  importSigningKey,
  keyIdOf,
  signIdentityToken,
  newRefreshToken,
  hashRefreshToken,
  TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_MS,
  JWKS_MAX_AGE_MS,
  type AccessTokenClaims,
  type AppSigningKey,
  type VerifyAccessTokenOptions,
} from './tokens'
export { createSecretBox, generateEncryptionKey, isSealed, SecretKeyError, SEALED_PREFIX, type SecretBox, type SecretBoxOptions } from './secrets'
export { CORE_SECRET_PATHS } from './sealing'
export {
  SESSION_COOKIES,
  readSession,
  moveTokensToCookies,
  clearedSessionCookies,
  parseCookieHeader,
  type CookieSession,
  type CookieSource,
} from './session-cookies'
export { SmtpSender, DevInbox, type MailSender, type MailMessage, type DevInboxMessage } from './mail'
export { HttpError, errors, DEFAULT_RETRY_AFTER_SECONDS } from './errors'
export type { SmsSender, SmsMessage } from './sms'
export { TurnstileVerifier, TURNSTILE_SITEVERIFY_URL, type CaptchaVerifier, type CaptchaCheck, type CaptchaVerdict, type TurnstileVerifierOptions } from './captcha'
export { mountAdminRoutes, adminView, adminKeysView, appSettingsPatch, createAppBody, updateAppBody, type AdminAppView, type AdminKeysView } from './admin'
export { createSignIn, allowlistAdmits, type SignInOptions } from './services/sign-in'
export { createClock, type Clock } from './clock'
export { newId, newOtpCode, ID_PATTERN } from './ids'
export { createUserService, findOrCreate, checkCustomMetadata, MAX_CUSTOM_METADATA_BYTES, MAX_CUSTOM_METADATA_KEY_LENGTH, type UserService, type UserRecord, type AccountRecord, type AccountInput, type UserLookup, type LookupOptions } from './services/users'
export { createSessionService, SESSION_MAX_AGE_MS, MAX_SESSIONS_PER_USER, type SessionService, type SessionInfo } from './services/sessions'
export { createOtpService, OTP_TTL_MS, OTP_MAX_ATTEMPTS, OTP_MAX_FAILURES, OTP_FAILURE_WINDOW_MS, type CodeCheck, type CodeChecksResult, type OtpService } from './services/otp'
export { createRateLimiter, type RateLimiter, type RateLimitEntry } from './services/rate-limit'
export { oneTimeRows, ONE_TIME_ROW_RETENTION_MS, type OneTimeRows, type OneTimeClaimOptions } from './one-time-rows'
