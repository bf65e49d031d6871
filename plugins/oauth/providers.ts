/**
 * The OAuth providers: names, icons, endpoints of the real providers, default scopes and the mapping
 * of each provider's profile to its linked-account fields. Shared by the client half (buttons) and
 * the server half (the round trip), so it imports nothing server-only.
 * @module
 */

/** The built-in providers, in the order the widget lists them. */
export const OAUTH_PROVIDERS = [
  'google',
  'apple',
  'twitter',
  'discord',
  'github',
  'linkedin',
  'spotify',
  'instagram',
  'tiktok',
  'line',
  'twitch',
] as const

/** A built-in provider name. */
export type BuiltinOAuthProvider = (typeof OAUTH_PROVIDERS)[number]
/** An app's own provider, `custom:<id>` (`id`: lowercase letters, digits, `-` and `_`). */
export type CustomOAuthProvider = `custom:${string}`
/** Any provider name on the wire (`provider` of `/oauth/init`, `privy_oauth_provider`). */
export type OAuthProvider = BuiltinOAuthProvider | CustomOAuthProvider
/** The linked-account `type` of a provider: `<provider>_oauth`, or the `custom:<id>` name itself. */
export type OAuthAccountType = `${BuiltinOAuthProvider}_oauth` | CustomOAuthProvider

/** A provider's profile: the ID token's claims merged with the userinfo answer (userinfo wins). */
export type OAuthProfile = Record<string, unknown>

/** What a provider's profile maps to: the stable subject and the linked account's extra fields. */
export interface OAuthAccountDetails {
  /** The provider's stable user id (the account's identity key). */
  subject: string
  /** The linked account's fields besides `type`, `subject` and the verification times (contract §4). */
  fields: Record<string, string | null>
  /** The verified email, if any (matched against the allowlist). */
  email: string | null
}

/** How the client authenticates at the token endpoint. */
export type TokenEndpointAuth = 'client_secret_post' | 'client_secret_basic'

/** One provider's entry in the table. */
export interface OAuthProviderSpec {
  /** The wire name. */
  id: OAuthProvider
  /** The name on the button ("Google"). */
  displayName: string
  /** The SVG path of the logo, on a 24×24 view box. */
  iconPath: string
  /** The brand colour of the logo, `#rrggbb`. */
  color: string
  /** The logo as an `data:image/svg+xml` URI (for `<img src>`). */
  icon: string
  /** The linked-account type. */
  accountType: OAuthAccountType
  /** Whether the provider signs an OpenID Connect ID token (checked against `issuer`'s keys). */
  openid: boolean
  /** The ID token issuer (OpenID providers); its discovery document gives the endpoints when they are not set. */
  issuer: string | null
  /** Where the issuer publishes its signing keys; null: from the issuer's discovery document. */
  jwksUrl: string | null
  /** The authorization endpoint of the real provider. */
  authorizationUrl: string | null
  /** The token endpoint of the real provider. */
  tokenUrl: string | null
  /** The userinfo endpoint (profile API) of the real provider; null when the ID token is the profile. */
  userinfoUrl: string | null
  /** Scopes asked for unless the app sets its own. */
  scopes: readonly string[]
  /** How scopes are joined in the authorization URL. @defaultValue ' ' */
  scopeSeparator: ' ' | ','
  /** The query name of the client id (TikTok says `client_key`). @defaultValue 'client_id' */
  clientIdParam: string
  /** Client authentication at the token endpoint. */
  tokenAuth: TokenEndpointAuth
  /** Extra query parameters of the authorization URL. */
  authorizationParams: Readonly<Record<string, string>>
  /**
   * Maps the profile to the account.
   * @param profile - ID token claims merged with the userinfo answer.
   * @returns the subject and fields, or null when the profile has no usable subject.
   */
  mapProfile(profile: OAuthProfile): OAuthAccountDetails | null
}

/**
 * An app's settings for one provider (`AppSettings.oauthProviders[provider]`): its client credentials
 * and optional endpoint overrides (tests point every provider at a local OpenID provider this way).
 */
export interface OAuthProviderSettings {
  clientId: string
  clientSecret: string
  issuer?: string
  authorizationUrl?: string
  tokenUrl?: string
  userinfoUrl?: string
  scopes?: string[]
}

const ICON_PATHS = {
  google: "M12.48 10.92v3.28h7.84c-.24 1.84-.853 3.187-1.787 4.133-1.147 1.147-2.933 2.4-6.053 2.4-4.827 0-8.6-3.893-8.6-8.72s3.773-8.72 8.6-8.72c2.6 0 4.507 1.027 5.907 2.347l2.307-2.307C18.747 1.44 16.133 0 12.48 0 5.867 0 .307 5.387.307 12s5.56 12 12.173 12c3.573 0 6.267-1.173 8.373-3.36 2.16-2.16 2.84-5.213 2.84-7.667 0-.76-.053-1.467-.173-2.053H12.48z",
  discord: "M20.317 4.3698a19.7913 19.7913 0 00-4.8851-1.5152.0741.0741 0 00-.0785.0371c-.211.3753-.4447.8648-.6083 1.2495-1.8447-.2762-3.68-.2762-5.4868 0-.1636-.3933-.4058-.8742-.6177-1.2495a.077.077 0 00-.0785-.037 19.7363 19.7363 0 00-4.8852 1.515.0699.0699 0 00-.0321.0277C.5334 9.0458-.319 13.5799.0992 18.0578a.0824.0824 0 00.0312.0561c2.0528 1.5076 4.0413 2.4228 5.9929 3.0294a.0777.0777 0 00.0842-.0276c.4616-.6304.8731-1.2952 1.226-1.9942a.076.076 0 00-.0416-.1057c-.6528-.2476-1.2743-.5495-1.8722-.8923a.077.077 0 01-.0076-.1277c.1258-.0943.2517-.1923.3718-.2914a.0743.0743 0 01.0776-.0105c3.9278 1.7933 8.18 1.7933 12.0614 0a.0739.0739 0 01.0785.0095c.1202.099.246.1981.3728.2924a.077.077 0 01-.0066.1276 12.2986 12.2986 0 01-1.873.8914.0766.0766 0 00-.0407.1067c.3604.698.7719 1.3628 1.225 1.9932a.076.076 0 00.0842.0286c1.961-.6067 3.9495-1.5219 6.0023-3.0294a.077.077 0 00.0313-.0552c.5004-5.177-.8382-9.6739-3.5485-13.6604a.061.061 0 00-.0312-.0286zM8.02 15.3312c-1.1825 0-2.1569-1.0857-2.1569-2.419 0-1.3332.9555-2.4189 2.157-2.4189 1.2108 0 2.1757 1.0952 2.1568 2.419 0 1.3332-.9555 2.4189-2.1569 2.4189zm7.9748 0c-1.1825 0-2.1569-1.0857-2.1569-2.419 0-1.3332.9554-2.4189 2.1569-2.4189 1.2108 0 2.1757 1.0952 2.1568 2.419 0 1.3332-.946 2.4189-2.1568 2.4189Z",
  twitter: "M14.234 10.162 22.977 0h-2.072l-7.591 8.824L7.251 0H.258l9.168 13.343L.258 24H2.33l8.016-9.318L16.749 24h6.993zm-2.837 3.299-.929-1.329L3.076 1.56h3.182l5.965 8.532.929 1.329 7.754 11.09h-3.182z",
  github: "M12 .297c-6.63 0-12 5.373-12 12 0 5.303 3.438 9.8 8.205 11.385.6.113.82-.258.82-.577 0-.285-.01-1.04-.015-2.04-3.338.724-4.042-1.61-4.042-1.61C4.422 18.07 3.633 17.7 3.633 17.7c-1.087-.744.084-.729.084-.729 1.205.084 1.838 1.236 1.838 1.236 1.07 1.835 2.809 1.305 3.495.998.108-.776.417-1.305.76-1.605-2.665-.3-5.466-1.332-5.466-5.93 0-1.31.465-2.38 1.235-3.22-.135-.303-.54-1.523.105-3.176 0 0 1.005-.322 3.3 1.23.96-.267 1.98-.399 3-.405 1.02.006 2.04.138 3 .405 2.28-1.552 3.285-1.23 3.285-1.23.645 1.653.24 2.873.12 3.176.765.84 1.23 1.91 1.23 3.22 0 4.61-2.805 5.625-5.475 5.92.42.36.81 1.096.81 2.22 0 1.606-.015 2.896-.015 3.286 0 .315.21.69.825.57C20.565 22.092 24 17.592 24 12.297c0-6.627-5.373-12-12-12",
  spotify: "M12 0C5.4 0 0 5.4 0 12s5.4 12 12 12 12-5.4 12-12S18.66 0 12 0zm5.521 17.34c-.24.359-.66.48-1.021.24-2.82-1.74-6.36-2.101-10.561-1.141-.418.122-.779-.179-.899-.539-.12-.421.18-.78.54-.9 4.56-1.021 8.52-.6 11.64 1.32.42.18.479.659.301 1.02zm1.44-3.3c-.301.42-.841.6-1.262.3-3.239-1.98-8.159-2.58-11.939-1.38-.479.12-1.02-.12-1.14-.6-.12-.48.12-1.021.6-1.141C9.6 9.9 15 10.561 18.72 12.84c.361.181.54.78.241 1.2zm.12-3.36C15.24 8.4 8.82 8.16 5.16 9.301c-.6.179-1.2-.181-1.38-.721-.18-.601.18-1.2.72-1.381 4.26-1.26 11.28-1.02 15.721 1.621.539.3.719 1.02.419 1.56-.299.421-1.02.599-1.559.3z",
  instagram: "M7.0301.084c-1.2768.0602-2.1487.264-2.911.5634-.7888.3075-1.4575.72-2.1228 1.3877-.6652.6677-1.075 1.3368-1.3802 2.127-.2954.7638-.4956 1.6365-.552 2.914-.0564 1.2775-.0689 1.6882-.0626 4.947.0062 3.2586.0206 3.6671.0825 4.9473.061 1.2765.264 2.1482.5635 2.9107.308.7889.72 1.4573 1.388 2.1228.6679.6655 1.3365 1.0743 2.1285 1.38.7632.295 1.6361.4961 2.9134.552 1.2773.056 1.6884.069 4.9462.0627 3.2578-.0062 3.668-.0207 4.9478-.0814 1.28-.0607 2.147-.2652 2.9098-.5633.7889-.3086 1.4578-.72 2.1228-1.3881.665-.6682 1.0745-1.3378 1.3795-2.1284.2957-.7632.4966-1.636.552-2.9124.056-1.2809.0692-1.6898.063-4.948-.0063-3.2583-.021-3.6668-.0817-4.9465-.0607-1.2797-.264-2.1487-.5633-2.9117-.3084-.7889-.72-1.4568-1.3876-2.1228C21.2982 1.33 20.628.9208 19.8378.6165 19.074.321 18.2017.1197 16.9244.0645 15.6471.0093 15.236-.005 11.977.0014 8.718.0076 8.31.0215 7.0301.0839m.1402 21.6932c-1.17-.0509-1.8053-.2453-2.2287-.408-.5606-.216-.96-.4771-1.3819-.895-.422-.4178-.6811-.8186-.9-1.378-.1644-.4234-.3624-1.058-.4171-2.228-.0595-1.2645-.072-1.6442-.079-4.848-.007-3.2037.0053-3.583.0607-4.848.05-1.169.2456-1.805.408-2.2282.216-.5613.4762-.96.895-1.3816.4188-.4217.8184-.6814 1.3783-.9003.423-.1651 1.0575-.3614 2.227-.4171 1.2655-.06 1.6447-.072 4.848-.079 3.2033-.007 3.5835.005 4.8495.0608 1.169.0508 1.8053.2445 2.228.408.5608.216.96.4754 1.3816.895.4217.4194.6816.8176.9005 1.3787.1653.4217.3617 1.056.4169 2.2263.0602 1.2655.0739 1.645.0796 4.848.0058 3.203-.0055 3.5834-.061 4.848-.051 1.17-.245 1.8055-.408 2.2294-.216.5604-.4763.96-.8954 1.3814-.419.4215-.8181.6811-1.3783.9-.4224.1649-1.0577.3617-2.2262.4174-1.2656.0595-1.6448.072-4.8493.079-3.2045.007-3.5825-.006-4.848-.0608M16.953 5.5864A1.44 1.44 0 1 0 18.39 4.144a1.44 1.44 0 0 0-1.437 1.4424M5.8385 12.012c.0067 3.4032 2.7706 6.1557 6.173 6.1493 3.4026-.0065 6.157-2.7701 6.1506-6.1733-.0065-3.4032-2.771-6.1565-6.174-6.1498-3.403.0067-6.156 2.771-6.1496 6.1738M8 12.0077a4 4 0 1 1 4.008 3.9921A3.9996 3.9996 0 0 1 8 12.0077",
  tiktok: "M12.525.02c1.31-.02 2.61-.01 3.91-.02.08 1.53.63 3.09 1.75 4.17 1.12 1.11 2.7 1.62 4.24 1.79v4.03c-1.44-.05-2.89-.35-4.2-.97-.57-.26-1.1-.59-1.62-.93-.01 2.92.01 5.84-.02 8.75-.08 1.4-.54 2.79-1.35 3.94-1.31 1.92-3.58 3.17-5.91 3.21-1.43.08-2.86-.31-4.08-1.03-2.02-1.19-3.44-3.37-3.65-5.71-.02-.5-.03-1-.01-1.49.18-1.9 1.12-3.72 2.58-4.96 1.66-1.44 3.98-2.13 6.15-1.72.02 1.48-.04 2.96-.04 4.44-.99-.32-2.15-.23-3.02.37-.63.41-1.11 1.04-1.36 1.75-.21.51-.15 1.07-.14 1.61.24 1.64 1.82 3.02 3.5 2.87 1.12-.01 2.19-.66 2.77-1.61.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07z",
  apple: "M12.152 6.896c-.948 0-2.415-1.078-3.96-1.04-2.04.027-3.91 1.183-4.961 3.014-2.117 3.675-.546 9.103 1.519 12.09 1.013 1.454 2.208 3.09 3.792 3.039 1.52-.065 2.09-.987 3.935-.987 1.831 0 2.35.987 3.96.948 1.637-.026 2.676-1.48 3.676-2.948 1.156-1.688 1.636-3.325 1.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04 2.48-4.494 2.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675 1.09-4.61 1.09zM15.53 3.83c.843-1.012 1.4-2.427 1.245-3.83-1.207.052-2.662.805-3.532 1.818-.78.896-1.454 2.338-1.273 3.714 1.338.104 2.715-.688 3.559-1.701",
  linkedin: "M20.45 20.45h-3.55v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.12 2.06 2.06 0 0 1 0 4.12zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z",
  // A speech bubble in LINE's green, and Twitch's glitch.
  line: 'M12 1.5C5.65 1.5.5 5.58.5 10.6c0 4.5 4.07 8.27 9.57 8.98.37.08.88.25 1 .57.12.29.08.73.04 1.02l-.16.97c-.05.29-.23 1.13 1 .62 1.23-.52 6.6-3.89 9-6.66 1.66-1.82 2.55-3.67 2.55-5.5C23.5 5.58 18.35 1.5 12 1.5z',
  twitch: 'M11.571 4.714h1.715v5.143H11.57zm4.715 0H18v5.143h-1.714zM6 0 1.714 4.286v15.428h5.143V24l4.286-4.286h3.428L22.286 12V0zm14.571 11.143-3.428 3.428h-3.429l-3 3v-3H6.857V1.714h13.714z',
} as const satisfies Record<BuiltinOAuthProvider, string>

function svgDataUri(path: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="${color}" d="${path}"/></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

function str(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}

function obj(value: unknown): OAuthProfile {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as OAuthProfile) : {}
}

/** An email only when the provider does not say it is unverified. */
function verifiedEmail(profile: OAuthProfile): string | null {
  const email = str(profile.email)
  if (!email || profile.email_verified === false || profile.email_verified === 'false') return null
  return email.toLowerCase()
}

function account(subject: string | null, fields: Record<string, string | null>, email: string | null) {
  return subject ? { subject, fields, email } : null
}

type SpecInput = Omit<OAuthProviderSpec, 'icon' | 'iconPath' | 'accountType' | 'scopeSeparator' | 'clientIdParam' | 'tokenAuth' | 'authorizationParams' | 'jwksUrl' | 'issuer'> &
  Partial<Pick<OAuthProviderSpec, 'scopeSeparator' | 'clientIdParam' | 'tokenAuth' | 'authorizationParams' | 'jwksUrl' | 'issuer'>>

function spec(id: BuiltinOAuthProvider, input: Omit<SpecInput, 'id'>): OAuthProviderSpec {
  const iconPath = ICON_PATHS[id]
  return Object.freeze({
    id,
    iconPath,
    icon: svgDataUri(iconPath, input.color),
    accountType: `${id}_oauth` as const,
    issuer: null,
    jwksUrl: null,
    scopeSeparator: ' ' as const,
    clientIdParam: 'client_id',
    tokenAuth: 'client_secret_post' as const,
    authorizationParams: {},
    ...input,
  })
}

/** The built-in providers' table, keyed by name. */
export const OAUTH_PROVIDER_TABLE: Readonly<Record<BuiltinOAuthProvider, OAuthProviderSpec>> = {
  google: spec('google', {
    displayName: 'Google',
    color: '#4285F4',
    openid: true,
    issuer: 'https://accounts.google.com',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    mapProfile: (p) => {
      const email = verifiedEmail(p)
      return account(str(p.sub), { email, name: str(p.name) }, email)
    },
  }),
  apple: spec('apple', {
    displayName: 'Apple',
    color: '#000000',
    openid: true,
    issuer: 'https://appleid.apple.com',
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    userinfoUrl: null,
    // Apple only answers by query without scopes (asking for `email` forces a form POST back); the ID
    // token still carries the email of users who shared it with the app before.
    scopes: [],
    mapProfile: (p) => {
      const email = verifiedEmail(p)
      return account(str(p.sub), { email }, email)
    },
  }),
  twitter: spec('twitter', {
    displayName: 'Twitter',
    color: '#000000',
    openid: false,
    authorizationUrl: 'https://twitter.com/i/oauth2/authorize',
    tokenUrl: 'https://api.twitter.com/2/oauth2/token',
    userinfoUrl: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url',
    scopes: ['users.read', 'tweet.read', 'offline.access'],
    tokenAuth: 'client_secret_basic',
    mapProfile: (p) => {
      const u = obj(p.data)
      return account(
        str(u.id),
        { username: str(u.username), name: str(u.name), profile_picture_url: str(u.profile_image_url) },
        null,
      )
    },
  }),
  discord: spec('discord', {
    displayName: 'Discord',
    color: '#5865F2',
    openid: false,
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    mapProfile: (p) => {
      const email = p.verified === false ? null : (str(p.email)?.toLowerCase() ?? null)
      return account(str(p.id), { username: str(p.username), email }, email)
    },
  }),
  github: spec('github', {
    displayName: 'GitHub',
    color: '#181717',
    openid: false,
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    mapProfile: (p) => {
      const email = str(p.email)?.toLowerCase() ?? null
      return account(str(p.id), { username: str(p.login), name: str(p.name), email }, email)
    },
  }),
  linkedin: spec('linkedin', {
    displayName: 'LinkedIn',
    color: '#0A66C2',
    openid: true,
    issuer: 'https://www.linkedin.com/oauth',
    jwksUrl: 'https://www.linkedin.com/oauth/openid/jwks',
    authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    userinfoUrl: 'https://api.linkedin.com/v2/userinfo',
    scopes: ['openid', 'profile', 'email'],
    mapProfile: (p) => {
      const email = verifiedEmail(p)
      const fields: Record<string, string | null> = { email }
      const name = str(p.name)
      if (name) fields.name = name
      const vanity = str(p.vanity_name)
      if (vanity) fields.vanity_name = vanity
      return account(str(p.sub), fields, email)
    },
  }),
  spotify: spec('spotify', {
    displayName: 'Spotify',
    color: '#1ED760',
    openid: false,
    authorizationUrl: 'https://accounts.spotify.com/authorize',
    tokenUrl: 'https://accounts.spotify.com/api/token',
    userinfoUrl: 'https://api.spotify.com/v1/me',
    scopes: ['user-read-email'],
    tokenAuth: 'client_secret_basic',
    mapProfile: (p) => {
      const email = str(p.email)?.toLowerCase() ?? null
      return account(str(p.id), { email, name: str(p.display_name) }, email)
    },
  }),
  instagram: spec('instagram', {
    displayName: 'Instagram',
    color: '#FF0069',
    openid: false,
    authorizationUrl: 'https://api.instagram.com/oauth/authorize',
    tokenUrl: 'https://api.instagram.com/oauth/access_token',
    userinfoUrl: 'https://graph.instagram.com/me?fields=id,username',
    scopes: ['user_profile'],
    scopeSeparator: ',',
    mapProfile: (p) => account(str(p.id), { username: str(p.username) }, null),
  }),
  tiktok: spec('tiktok', {
    displayName: 'TikTok',
    color: '#000000',
    openid: false,
    authorizationUrl: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
    userinfoUrl: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name,username',
    scopes: ['user.info.basic', 'user.info.profile'],
    scopeSeparator: ',',
    clientIdParam: 'client_key',
    mapProfile: (p) => {
      const u = obj(obj(p.data).user)
      return account(str(u.open_id), { username: str(u.username), name: str(u.display_name) }, null)
    },
  }),
  line: spec('line', {
    displayName: 'LINE',
    color: '#06C755',
    openid: true,
    issuer: 'https://access.line.me',
    jwksUrl: 'https://api.line.me/oauth2/v2.1/certs',
    authorizationUrl: 'https://access.line.me/oauth2/v2.1/authorize',
    tokenUrl: 'https://api.line.me/oauth2/v2.1/token',
    userinfoUrl: 'https://api.line.me/oauth2/v2.1/userinfo',
    scopes: ['openid', 'profile', 'email'],
    mapProfile: (p) => {
      // LINE's ID token carries the email only when the channel may read it, and LINE verifies it.
      const email = verifiedEmail(p)
      return account(str(p.sub), { email, name: str(p.name), profile_picture_url: str(p.picture) }, email)
    },
  }),
  twitch: spec('twitch', {
    displayName: 'Twitch',
    color: '#9146FF',
    openid: true,
    issuer: 'https://id.twitch.tv/oauth2',
    jwksUrl: 'https://id.twitch.tv/oauth2/keys',
    authorizationUrl: 'https://id.twitch.tv/oauth2/authorize',
    tokenUrl: 'https://id.twitch.tv/oauth2/token',
    userinfoUrl: 'https://id.twitch.tv/oauth2/userinfo',
    scopes: ['openid'],
    // Twitch returns only the claims asked for; the username is `preferred_username`.
    authorizationParams: { claims: JSON.stringify({ id_token: { preferred_username: null }, userinfo: { preferred_username: null } }) },
    mapProfile: (p) => account(str(p.sub), { username: str(p.preferred_username) }, null),
  }),
}

const CUSTOM_ID = /^custom:[a-z0-9][a-z0-9_-]{0,63}$/

/**
 * Whether a string is a provider name this build knows: a built-in one or a well-formed `custom:<id>`.
 * @param value - a wire `provider` value.
 * @returns true for `google`…`tiktok` and `custom:<id>`.
 * @example
 * ```ts
 * import { isOAuthProvider } from 'portico/plugins/oauth/providers'
 * isOAuthProvider('google') // true
 * isOAuthProvider('custom:acme') // true
 * isOAuthProvider('myspace') // false
 * ```
 */
export function isOAuthProvider(value: string): value is OAuthProvider {
  return value in OAUTH_PROVIDER_TABLE || CUSTOM_ID.test(value)
}

/**
 * The table entry of a provider. A `custom:<id>` provider gets a generic OpenID-style entry (endpoints
 * come from the app's settings, the profile is read as standard claims).
 * @param provider - the provider name.
 * @returns its entry, or undefined for an unknown name.
 * @example
 * ```ts
 * import { oauthProvider } from 'portico/plugins/oauth/providers'
 * oauthProvider('github')?.displayName // 'GitHub'
 * ```
 */
export function oauthProvider(provider: string): OAuthProviderSpec | undefined {
  if (provider in OAUTH_PROVIDER_TABLE) return OAUTH_PROVIDER_TABLE[provider as BuiltinOAuthProvider]
  if (!CUSTOM_ID.test(provider)) return undefined
  const id = provider as CustomOAuthProvider
  const name = provider.slice('custom:'.length)
  // A neutral "key" glyph for providers that bring no logo.
  const iconPath =
    'M7 14a2 2 0 1 1 0-4 2 2 0 0 1 0 4zm5.65-4A6 6 0 1 0 12.65 14H16v3h3v-3h2v-4h-8.35z'
  return {
    id,
    displayName: name.charAt(0).toUpperCase() + name.slice(1),
    iconPath,
    color: '#5f6368',
    icon: svgDataUri(iconPath, '#5f6368'),
    accountType: id,
    openid: false,
    issuer: null,
    jwksUrl: null,
    authorizationUrl: null,
    tokenUrl: null,
    userinfoUrl: null,
    scopes: ['openid', 'email', 'profile'],
    scopeSeparator: ' ',
    clientIdParam: 'client_id',
    tokenAuth: 'client_secret_post',
    authorizationParams: {},
    mapProfile: (p) => {
      const email = verifiedEmail(p)
      const fields: Record<string, string | null> = {}
      if (email) fields.email = email
      const name = str(p.name)
      if (name) fields.name = name
      const username = str(p.preferred_username) ?? str(p.username)
      if (username) fields.username = username
      const picture = str(p.picture)
      if (picture) fields.profile_picture_url = picture
      return account(str(p.sub) ?? str(p.id), fields, email)
    },
  }
}

/**
 * The linked-account type of a provider (`google` → `google_oauth`; `custom:<id>` stays itself).
 * @param provider - the provider name.
 * @returns the account type, also the app's login switch for built-in providers.
 * @example
 * ```ts
 * import { oauthAccountType } from 'portico/plugins/oauth/providers'
 * oauthAccountType('discord') // 'discord_oauth'
 * ```
 */
export function oauthAccountType(provider: OAuthProvider): OAuthAccountType {
  return provider.startsWith('custom:') ? (provider as CustomOAuthProvider) : (`${provider}_oauth` as OAuthAccountType)
}

/** A provider's endpoints after an app's overrides are applied. */
export interface ResolvedOAuthEndpoints {
  issuer: string | null
  authorizationUrl: string | null
  tokenUrl: string | null
  userinfoUrl: string | null
  jwksUrl: string | null
  scopes: readonly string[]
}

/**
 * Applies an app's overrides to a provider's endpoints. An overridden `issuer` drops the table's
 * endpoints that were not overridden too (they belong to the real issuer), so they come from the
 * new issuer's discovery document instead.
 * @param spec - the provider's table entry.
 * @param settings - the app's settings for it.
 * @returns the endpoints to use; null ones are discovered from the issuer.
 * @example
 * ```ts
 * import { oauthProvider, resolveOAuthEndpoints } from 'portico/plugins/oauth/providers'
 * const e = resolveOAuthEndpoints(oauthProvider('google')!, { clientId: 'id', clientSecret: 's', issuer: 'http://127.0.0.1:4000' })
 * e.tokenUrl // null: read from http://127.0.0.1:4000/.well-known/openid-configuration
 * ```
 */
export function resolveOAuthEndpoints(spec: OAuthProviderSpec, settings: OAuthProviderSettings): ResolvedOAuthEndpoints {
  const reissued = settings.issuer !== undefined && settings.issuer !== spec.issuer
  const base = (own: string | null) => (reissued ? null : own)
  return {
    issuer: settings.issuer ?? spec.issuer,
    authorizationUrl: settings.authorizationUrl ?? base(spec.authorizationUrl),
    tokenUrl: settings.tokenUrl ?? base(spec.tokenUrl),
    userinfoUrl: settings.userinfoUrl ?? base(spec.userinfoUrl),
    jwksUrl: base(spec.jwksUrl),
    scopes: settings.scopes ?? spec.scopes,
  }
}
