/**
 * valibot schemas of the wire contract's core objects.
 *
 * The server validates with them and the tests check responses against them. Browser code imports
 * only their types (`import type`), so none of this reaches a host app's bundle.
 * @module
 */
import * as v from 'valibot'

/** Every wire error code the server may answer with (the contract's canonical list, in use so far). */
export const WIRE_ERROR_CODES = [
  'oauth_account_suspended',
  'missing_or_invalid_privy_app_id',
  'missing_or_invalid_privy_client_id',
  'missing_or_invalid_privy_account_id',
  'missing_or_invalid_token',
  'missing_mfa_enrollment',
  'missing_or_invalid_mfa',
  'expired_or_invalid_mfa_token',
  'invalid_data',
  'invalid_credentials',
  'passkey_not_registered',
  'invalid_captcha',
  'linked_to_another_user',
  'allowlist_rejected',
  'cannot_unlink_embedded_wallet',
  'cannot_unlink_sole_account',
  'cannot_link_more_of_type',
  'linked_account_not_found',
  'too_many_requests',
  'resource_conflict',
  'invalid_origin',
  'missing_origin',
  'invalid_native_app_id',
  'token_already_used',
  'already_logged_out',
  'not_supported',
  'user_unsubscribed',
  'max_apps_reached',
  'max_accounts_reached',
  'device_revoked',
  'wallet_password_exists',
  'oauth_state_mismatch',
  'max_denylist_entries_reached',
  'max_test_accounts_reached',
  'disallowed_login_method',
  'disallowed_plus_email',
  'disallowed_recovery_method',
  'legacy_dashboard_login_configuration',
  'cannot_set_password',
  'invalid_pkce_parameters',
  'invalid_app_url_scheme_configuration',
  'cross_app_connection_not_allowed',
  'user_does_not_exist',
  'resource_already_exists',
  'account_transfer_required',
  'user_has_not_delegated_wallet',
  'feature_not_enabled',
  'signup_disabled',
  'invalid_state',
  'invalid_request',
  'compliance_blocked',
  'insufficient_funds',
  'transaction_broadcast_failure',
  'transaction_execution_failure',
  'invalid_solana_transaction',
  'policy_violation',
  'invalid_policy_format',
  'invalid_aggregation_format',
  'authorization_key_has_associated_wallets',
  'wallet_entity_assignment_failed',
  'wallet_entity_limit_exceeded',
  'wallet_entity_already_set',
  'transaction_limit_reached',
  // Portico's own (the contract has no code for it): a sensitive change needs a recent sign-in.
  'reauthentication_required',
  // Portico's own: the app requires its terms and the session's user has not accepted them yet.
  'terms_not_accepted',
  // Portico's own: a requester asked a read-only provider app's wallet for a signature or transaction.
  'cross_app_read_only',
] as const

/** A wire error code (exact strings of the contract). */
export type WireErrorCode = (typeof WIRE_ERROR_CODES)[number]

/** The JSON body of every error response. */
export const ErrorBody = v.object({
  error: v.string(),
  code: v.optional(v.string()),
  cause: v.optional(v.string()),
  data: v.optional(v.record(v.string(), v.unknown())),
})

const verified = {
  verified_at: v.number(),
  first_verified_at: v.nullable(v.number()),
  latest_verified_at: v.nullable(v.number()),
}

/** The fields every linked account has, whatever its type. */
export const LINKED_ACCOUNT_VERIFIED = verified

/**
 * Declares the schema of one linked-account type: its `type` literal, its own fields and the
 * verification times every account has. Plugins declare theirs (the email plugin its `email`
 * accounts); {@link linkedAccountSchema} validates with what they declare.
 * @param type - the account's `type` on the wire (`email`, `phone`, `wallet`...).
 * @param entries - the type's own fields.
 * @returns the account schema.
 * @example
 * ```ts
 * import * as v from 'valibot'
 * import { defineLinkedAccount } from '../../kernel/schemas' // from a plugin's schemas.ts
 * export const EmailAccount = defineLinkedAccount('email', { address: v.string() })
 * ```
 */
export function defineLinkedAccount<const T extends string, const E extends v.ObjectEntries>(type: T, entries: E) {
  return v.object({ type: v.literal(type), ...entries, ...verified })
}

/** A linked-account schema as {@link defineLinkedAccount} builds it. */
export type LinkedAccountSchema = ReturnType<typeof defineLinkedAccount<string, v.ObjectEntries>>

/**
 * Any linked account: its `type` and verification times. Types that no plugin of this build knows
 * still validate, so a newer server never breaks an older client.
 */
export const LinkedAccount = v.looseObject({ type: v.string(), ...verified })

/**
 * A linked account validated by the schema its plugin declared for its type (accounts of other
 * types validate as {@link LinkedAccount}).
 * @param declared - the account schemas the plugins declare.
 * @returns the schema.
 * @example
 * ```ts
 * import * as v from 'valibot'
 * import { defineLinkedAccount, linkedAccountSchema } from '../../kernel/schemas' // from a plugin's schemas.ts
 * const account = linkedAccountSchema([defineLinkedAccount('email', { address: v.string() })])
 * v.is(account, { type: 'email', verified_at: 1, first_verified_at: null, latest_verified_at: null }) // false: no address
 * ```
 */
export function linkedAccountSchema(declared: readonly LinkedAccountSchema[]) {
  const byType = new Map(declared.map((schema) => [schema.entries.type.literal, schema]))
  return v.pipe(
    LinkedAccount,
    v.check((account) => {
      const own = byType.get(account.type)
      return !own || v.is(own, account)
    }, 'The linked account does not match the schema of its type.'),
  )
}

/** An MFA method of a user. Its type is the MFA method's id (the contract's `sms`, `totp`, `passkey`...). */
export const MfaMethod = v.object({
  type: v.pipe(v.string(), v.nonEmpty()),
  verified_at: v.number(),
})

/**
 * The user schema, validating linked accounts with the schemas plugins declare.
 * @param declared - the account schemas the plugins declare.
 * @returns the schema.
 * @example
 * ```ts
 * import { userSchema } from '../kernel/schemas' // from server code
 * import { EmailAccount } from '../plugins/email/schemas'
 * const User = userSchema([EmailAccount])
 * ```
 */
export function userSchema(declared: readonly LinkedAccountSchema[]) {
  return v.object({
    id: v.pipe(v.string(), v.regex(/^did:privy:[a-z0-9]{25}$/)),
    created_at: v.number(),
    linked_accounts: v.array(declared.length ? linkedAccountSchema(declared) : LinkedAccount),
    mfa_methods: v.array(MfaMethod),
    has_accepted_terms: v.boolean(),
    is_guest: v.boolean(),
    custom_metadata: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]))),
  })
}

/** A user (`did:privy:<cuid>`), with any linked-account type ({@link userSchema} checks declared types too). */
export const User = userSchema([])

const nonEmpty = v.pipe(v.string(), v.minLength(1))

/** OAuth tokens handed back by an OAuth login. */
export const OAuthTokens = v.object({
  provider: v.string(),
  access_token: v.string(),
  access_token_expires_in_seconds: v.optional(v.number()),
  refresh_token: v.optional(v.string()),
  refresh_token_expires_in_seconds: v.optional(v.number()),
  scopes: v.optional(v.array(v.string())),
})

/** What to do with stored tokens after a session response. */
export const SessionUpdateAction = v.picklist(['set', 'ignore', 'clear'])

/** The response of every authenticate call and of a refresh. */
export const AuthenticatedUser = v.object({
  user: User,
  token: v.nullable(nonEmpty),
  privy_access_token: v.nullable(nonEmpty),
  refresh_token: v.nullable(nonEmpty),
  session_update_action: SessionUpdateAction,
  identity_token: v.optional(nonEmpty),
  is_new_user: v.optional(v.boolean()),
  oauth_tokens: v.optional(OAuthTokens),
})

/** The `clear` answer of a refresh whose session is gone. */
export const ClearedSession = v.object({
  user: v.null(),
  token: v.null(),
  refresh_token: v.null(),
  session_update_action: v.literal('clear'),
})

/** The answer of a refresh: a session, or the `clear` shape. */
export const SessionResponse = v.union([AuthenticatedUser, ClearedSession])

const nullableString = v.nullable(v.string())

/** Sign-up and appearance configuration of an app, as `GET /api/v1/apps/:id` returns it. */
export const AppResponse = v.object({
  id: v.string(),
  name: v.string(),
  logo_url: nullableString,
  icon_url: nullableString,
  theme: v.string(),
  accent_color: nullableString,
  legal_name: nullableString,
  terms_and_conditions_url: nullableString,
  privacy_policy_url: nullableString,
  require_users_accept_terms: v.nullable(v.boolean()),
  show_wallet_login_first: v.boolean(),
  allowed_domains: v.array(v.string()),
  allowed_native_app_ids: v.array(v.string()),
  allowed_native_app_url_schemes: v.array(v.string()),
  wallet_auth: v.boolean(),
  email_auth: v.boolean(),
  sms_auth: v.boolean(),
  google_oauth: v.boolean(),
  twitter_oauth: v.boolean(),
  discord_oauth: v.boolean(),
  github_oauth: v.boolean(),
  spotify_oauth: v.boolean(),
  instagram_oauth: v.boolean(),
  tiktok_oauth: v.boolean(),
  line_oauth: v.boolean(),
  twitch_oauth: v.boolean(),
  linkedin_oauth: v.boolean(),
  apple_oauth: v.boolean(),
  farcaster_auth: v.boolean(),
  passkey_auth: v.boolean(),
  passkeys_for_signup_enabled: v.boolean(),
  telegram_auth: v.boolean(),
  telegram_oauth: v.boolean(),
  guest_auth: v.boolean(),
  solana_wallet_auth: v.boolean(),
  custom_jwt_auth: v.boolean(),
  allowlist_enabled: v.boolean(),
  allowlist_config: v.object({
    error_title: nullableString,
    error_detail: nullableString,
    cta_text: nullableString,
    cta_link: nullableString,
  }),
  disable_plus_emails: v.boolean(),
  merge_accounts_by_email: v.boolean(),
  external_wallets_for_signup_enabled: v.boolean(),
  max_linked_wallets_per_user: v.nullable(v.number()),
  farcaster_link_wallets_enabled: v.boolean(),
  captcha_enabled: v.boolean(),
  enabled_captcha_provider: v.nullable(v.picklist(['turnstile', 'hcaptcha'])),
  captcha_site_key: v.optional(v.string()),
  custom_oauth_providers: v.array(
    v.object({
      provider: v.string(),
      provider_display_name: v.string(),
      provider_icon_url: v.string(),
      enabled: v.boolean(),
    }),
  ),
  embedded_wallet_config: v.looseObject({
    create_on_login: v.picklist(['users-without-wallets', 'all-users', 'off']),
    mode: v.picklist(['legacy-embedded-wallets-only', 'user-controlled-server-wallets-only']),
  }),
  smart_wallet_config: v.looseObject({ enabled: v.boolean() }),
  mfa_methods: v.array(v.pipe(v.string(), v.nonEmpty())),
  verification_key: v.string(),
  custom_api_url: nullableString,
  wallet_connect_cloud_project_id: nullableString,
  enforce_wallet_uis: v.boolean(),
  legacy_wallet_ui_config: v.boolean(),
  fiat_on_ramp_enabled: v.boolean(),
  twitter_oauth_on_mobile_enabled: v.boolean(),
  whatsapp_enabled: v.boolean(),
  data_classification: v.literal('public'),
  telegram_auth_config: v.optional(
    v.object({
      bot_id: v.string(),
      bot_name: v.string(),
      link_enabled: v.boolean(),
      seamless_auth_enabled: v.boolean(),
    }),
  ),
  telegram_seamless_auth_enabled: v.optional(v.boolean()),
  /** The contract leaves its shape open; the funding plugin reads and checks it. */
  funding_config: v.optional(v.unknown()),
})

/** `{success: true}`. */
export const Success = v.object({ success: v.literal(true) })
/** An empty object, for calls that take or answer nothing. */
export const Empty = v.object({})
/** Any JSON object (analytics answers are ignored). */
export const AnyObject = v.record(v.string(), v.unknown())
/** `mode` of an authenticate call. */
export const LoginMode = v.picklist(['login-or-sign-up', 'no-signup'])

/** Refresh request. */
export const RefreshRequest = v.object({ refresh_token: v.optional(v.string()) })
/** Fork response: a second session from a refresh token. */
export const ForkResponse = v.object({
  refresh_token: v.string(),
  token: v.string(),
  new_session_refresh_token: v.string(),
})
/** Fork-recover request. */
export const ForkRecoverRequest = v.object({ refresh_token: v.string() })
/** One live session of the user (`GET /sessions`); times in unix seconds. */
export const SessionEntry = v.object({
  id: v.string(),
  created_at: v.number(),
  last_used_at: v.number(),
  expires_at: v.number(),
  ip: v.nullable(v.string()),
  user_agent: v.nullable(v.string()),
  /** The session of the token that asked. */
  current: v.boolean(),
})
/** `GET /sessions` response: the user's live sessions, newest first. */
export const SessionListResponse = v.object({ sessions: v.array(SessionEntry) })
/** `POST /sessions/revoke` request: one session by id, or every session but the caller's. */
export const RevokeSessionsRequest = v.union([
  v.strictObject({ session_id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) }),
  v.strictObject({ all_others: v.literal(true) }),
], 'Send either session_id or all_others: true.')
/** `POST /sessions/revoke` response: how many sessions were revoked. */
export const RevokeSessionsResponse = v.object({ revoked: v.number() })
/** `GET /users/me` response. */
export const MeResponse = v.object({ user: User, identity_token: v.nullable(v.string()) })
/** Analytics event. */
export const AnalyticsEvent = v.object({
  event_name: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  client_id: v.nullable(v.pipe(v.string(), v.maxLength(255))),
  payload: v.optional(v.record(v.string(), v.unknown())),
})
