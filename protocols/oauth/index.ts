/**
 * `portico/protocols/oauth`: the browser half of the OAuth round trip, for every plugin whose login
 * is one (the OAuth plugin, cross-app): the wire routes, PKCE, and the return parameters the server
 * adds to the page address. The server's door for other providers is `portico/protocols/oauth/server`.
 * @module
 */
export { oauthRoutes } from './routes'
export { OAUTH_RANDOM_BYTES, base64Url, randomCode, codeChallenge } from './pkce'
export { OAUTH_QUERY_PARAMS, readOAuthReturn, hasOAuthParams, stripOAuthParams, type OAuthReturn } from './return-url'
