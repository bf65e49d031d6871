/**
 * Wire fixtures for the UI's tests and the screenshot script: a complete app configuration, a
 * user and an authenticate answer.
 * @internal
 * @module
 */
import type { AppResponse } from '../kernel/wire'

/** A 25-character app id, as the contract wants. */
export const TEST_APP_ID = 'cm0testappidabcdefghijklm'

/**
 * A complete `GET /apps/:id` answer with email login on.
 * @param overrides - fields to change.
 * @returns the app response.
 */
export function appResponse(overrides: Partial<AppResponse> = {}): AppResponse {
  return {
    id: TEST_APP_ID,
    name: 'Acme',
    logo_url: null,
    icon_url: null,
    theme: 'light',
    accent_color: '#4f46e5',
    legal_name: null,
    terms_and_conditions_url: null,
    privacy_policy_url: null,
    require_users_accept_terms: false,
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
    verification_key: 'test-key',
    custom_api_url: null,
    wallet_connect_cloud_project_id: null,
    enforce_wallet_uis: false,
    legacy_wallet_ui_config: false,
    fiat_on_ramp_enabled: false,
    twitter_oauth_on_mobile_enabled: false,
    whatsapp_enabled: false,
    data_classification: 'public',
    ...overrides,
  }
}

/** A user as the server sends it. */
export function wireUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'did:privy:cm0user00000000000000000a',
    created_at: 1_700_000_000,
    linked_accounts: [
      { type: 'email', address: 'ada@example.com', verified_at: 1_700_000_000, first_verified_at: 1_700_000_000, latest_verified_at: 1_700_000_000 },
    ],
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
    ...overrides,
  }
}

/** An authenticate answer without tokens the client would have to decode. */
export function authenticated(user = wireUser()) {
  return {
    user,
    token: null,
    privy_access_token: null,
    refresh_token: null,
    session_update_action: 'set',
    is_new_user: true,
  }
}

