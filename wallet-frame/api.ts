/**
 * The frame's calls to the embedded-wallet routes: plain `fetch` from the API's own origin, with the
 * user's access token (and a fresh MFA token when the host passed one). A 401 becomes `access_token_expired` (the host refreshes and asks again); any
 * other API error keeps its code, message and data.
 * @module
 */
import { fillPath, type Route, type RouteRequest, type RouteResponse } from '../kernel/route'
import { delegatedActionRoutes } from '../plugins/delegated-actions/api'
import { embeddedWalletRoutes } from '../plugins/embedded-wallets/api'
import { FrameFailure, GENERIC_ERROR } from './errors'

/** The routes the frame calls: the embedded wallet's, and delegated actions' key and consent. */
const frameRoutes = { ...embeddedWalletRoutes, delegationKey: delegatedActionRoutes.key, delegate: delegatedActionRoutes.consent }

type Routes = typeof frameRoutes

/**
 * What a frame request authenticates with: the user's access token, and the fresh MFA token the host
 * passed when the server asked for one (sent in the `privy-mfa-token` header).
 */
export interface FrameCredentials {
  accessToken: string
  mfaToken?: string
}

/** The header a fresh MFA token travels in. */
export const MFA_TOKEN_HEADER = 'privy-mfa-token'

/** Calls one embedded-wallet route with the user's access token (and MFA token, when given). */
export type FrameApi = <K extends keyof Routes>(
  name: K,
  credentials: FrameCredentials,
  body: RouteRequest<Routes[K]>,
  pathParams?: Record<string, string>,
) => Promise<RouteResponse<Routes[K]>>

/** Options of {@link frameApi}. */
export interface FrameApiOptions {
  /** The API base URL. */
  apiBase: string
  appId: string
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch
}

/**
 * The frame's API client.
 * @param options - where the API is and the app id.
 * @returns a function calling a route by name.
 */
export function frameApi(options: FrameApiOptions): FrameApi {
  const call = routeCaller(options)
  return (name, credentials, body, pathParams) => call(frameRoutes[name], credentials, body, pathParams) as never
}

/**
 * Calls any route of the server with the user's access token, with the errors of {@link frameApi}.
 * @param options - where the API is and the app id.
 * @returns a function calling a route.
 */
export function routeCaller(options: FrameApiOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  return async <R extends Route>(route: R, { accessToken, mfaToken }: FrameCredentials, body: RouteRequest<R>, pathParams?: Record<string, string>): Promise<RouteResponse<R>> => {
    let res: Response
    try {
      res = await doFetch(options.apiBase + fillPath(route.path, pathParams), {
        method: route.method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'privy-app-id': options.appId,
          'content-type': 'application/json',
          ...(mfaToken ? { [MFA_TOKEN_HEADER]: mfaToken } : {}),
        },
        ...(route.method === 'GET' ? {} : { body: JSON.stringify(body) }),
      })
    } catch {
      throw new FrameFailure('network_error', 'The wallet frame could not reach the server.')
    }
    const json = (await res.json().catch(() => null)) as { error?: unknown; code?: unknown; data?: unknown } | null
    if (res.ok && json) return json as never
    if (res.status === 401) throw new FrameFailure('access_token_expired', 'The access token is expired or invalid.', undefined, 401)
    const code = typeof json?.code === 'string' ? json.code : 'internal_error'
    const message = typeof json?.error === 'string' ? json.error : GENERIC_ERROR
    const data = json?.data && typeof json.data === 'object' ? (json.data as Record<string, unknown>) : undefined
    throw new FrameFailure(code, message, data, res.status)
  }
}
