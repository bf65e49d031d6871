/**
 * Fixtures for the kernel's tests: ES256 tokens made with jose, wire users, app configurations
 * and session responses that follow the contract's shapes.
 * @internal
 * @module
 */
import { SignJWT, generateKeyPair } from 'jose'
import type { AppResponse, AuthenticatedUser, User } from '../../kernel/wire'
import { definePlugin, type PluginContext } from '../../kernel/plugin'

/** A 25-character app id, as the contract's ids are. */
export const TEST_APP_ID = 'cl9testappaaaaaaaaaaaaaaa'

const keys = generateKeyPair('ES256')

/**
 * Signs an access token like the server's (ES256, typ JWT, iss privy.io, aud = app id).
 * @param claims - extra or overriding claims; `expiresInS: null` leaves `exp` out.
 * @returns the compact JWT.
 */
export async function makeToken(
  claims: Record<string, unknown> & { expiresInS?: number | null; aud?: string } = {},
): Promise<string> {
  const { expiresInS = 3600, aud = TEST_APP_ID, ...rest } = claims
  const nowS = Math.floor(Date.now() / 1000)
  const jwt = new SignJWT({ sid: 'sess1', ...rest })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer('privy.io')
    .setAudience(aud)
    .setSubject('did:privy:cl9useraaaaaaaaaaaaaaaaaa')
    .setIssuedAt(nowS)
  if (expiresInS !== null) jwt.setExpirationTime(nowS + expiresInS)
  return jwt.sign((await keys).privateKey)
}

/**
 * A wire user.
 * @param id - the cuid part of the DID.
 * @returns the user.
 */
export function makeUser(id = 'cl9useraaaaaaaaaaaaaaaaaa'): User {
  return {
    id: `did:privy:${id}`,
    created_at: 1_700_000_000,
    linked_accounts: [
      { type: 'email', address: 'a@example.com', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 },
    ],
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
  }
}

/**
 * An authenticate response.
 * @param fields - overrides.
 * @returns the response.
 */
export async function makeAuthResponse(fields: Partial<AuthenticatedUser> = {}): Promise<AuthenticatedUser> {
  return {
    user: makeUser(),
    token: await makeToken(),
    privy_access_token: null,
    refresh_token: 'refresh-1',
    identity_token: await makeToken({ linked_accounts: '[]' }),
    session_update_action: 'set',
    is_new_user: false,
    ...fields,
  }
}

/**
 * A full app configuration with every login switch off except email.
 * @param fields - overrides.
 * @returns the configuration.
 */
export function makeAppResponse(fields: Partial<AppResponse> = {}): AppResponse {
  return {
    id: TEST_APP_ID,
    name: 'Test App',
    logo_url: null,
    icon_url: null,
    theme: 'light',
    accent_color: null,
    legal_name: null,
    terms_and_conditions_url: null,
    privacy_policy_url: null,
    require_users_accept_terms: null,
    show_wallet_login_first: false,
    allowed_domains: [],
    allowed_native_app_ids: [],
    allowed_native_app_url_schemes: [],
    wallet_auth: false,
    email_auth: true,
    sms_auth: false,
    google_oauth: false,
    twitter_oauth: false,
    discord_oauth: false,
    github_oauth: false,
    spotify_oauth: false,
    instagram_oauth: false,
    tiktok_oauth: false,
    line_oauth: false,
    twitch_oauth: false,
    linkedin_oauth: false,
    apple_oauth: false,
    farcaster_auth: false,
    passkey_auth: false,
    passkeys_for_signup_enabled: false,
    telegram_auth: false,
    telegram_oauth: false,
    guest_auth: false,
    solana_wallet_auth: false,
    custom_jwt_auth: false,
    allowlist_enabled: false,
    allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
    disable_plus_emails: false,
    merge_accounts_by_email: false,
    external_wallets_for_signup_enabled: false,
    max_linked_wallets_per_user: null,
    farcaster_link_wallets_enabled: false,
    captcha_enabled: false,
    enabled_captcha_provider: null,
    custom_oauth_providers: [],
    embedded_wallet_config: { create_on_login: 'off', mode: 'legacy-embedded-wallets-only' },
    smart_wallet_config: { enabled: false },
    mfa_methods: [],
    verification_key: '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----',
    custom_api_url: null,
    wallet_connect_cloud_project_id: null,
    enforce_wallet_uis: false,
    legacy_wallet_ui_config: false,
    fiat_on_ramp_enabled: false,
    twitter_oauth_on_mobile_enabled: false,
    whatsapp_enabled: false,
    data_classification: 'public',
    ...fields,
  }
}

/**
 * A feature plugin with empty screens, for tests of the router, the step stack and screen contexts.
 * @param id - the plugin id (the screens are `<id>/<name>`).
 * @param names - the screen names.
 * @param options - which screens block closing, and a callback with the plugin's context.
 * @returns the plugin definition.
 * @example
 * ```ts
 * const contexts: Record<string, PluginContext> = {}
 * screensPlugin('mfa', ['verify'], { onSetup: (ctx) => (contexts.mfa = ctx) })
 * ```
 */
export function screensPlugin(id: string, names: readonly string[], options: { blocking?: readonly string[]; onSetup?: (ctx: PluginContext) => void } = {}) {
  const load = async () => ({ default: null })
  return definePlugin({
    id,
    kind: 'feature',
    screens: Object.fromEntries(names.map((n) => [n, { load, blocking: options.blocking?.includes(n) ?? false }])),
    setup(ctx) {
      options.onSetup?.(ctx)
    },
  })
}
