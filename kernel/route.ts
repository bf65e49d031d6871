/**
 * Route definitions shared by the client and the server halves of a plugin.
 *
 * A plugin's `api.ts` declares its routes once. The route objects carry only the method, path and
 * types, so a browser bundle that calls a route does not pull in validation code; the schemas sit
 * beside them in a separate object that only the server and the tests import.
 * @module
 */
import type { GenericSchema, InferInput, InferOutput } from 'valibot'

/** HTTP methods used by the wire contract. */
export type RouteMethod = 'GET' | 'POST'

/**
 * One HTTP route of the wire contract.
 * @typeParam Req - the JSON body the client sends (`undefined` for GET).
 * @typeParam Res - the JSON body the server answers with.
 */
export interface Route<Req = unknown, Res = unknown> {
  /** HTTP method. */
  readonly method: RouteMethod
  /** Path relative to the API base URL; `:name` segments are filled from `params`. */
  readonly path: string
  /** Whether the call needs the session's Bearer token. */
  readonly auth: boolean
  /** Identical concurrent calls share one request (authenticate, link, refresh, fork, destroy). */
  readonly dedupe: boolean
  /** Whether transient failures are retried (analytics events are not). */
  readonly retry: boolean
  /**
   * Whether a session whose user has not yet accepted the app's required terms may call it. Only
   * the consent step's own calls are (the current user, `accept_terms`, logout); every other `auth`
   * route answers 403 `terms_not_accepted` until the user accepts.
   */
  readonly beforeTerms: boolean
  /** Phantom field carrying the request type; never set at run time. */
  readonly __req?: Req
  /** Phantom field carrying the response type; never set at run time. */
  readonly __res?: Res
}

/** Options of {@link route}. */
export interface RouteOptions {
  /** @defaultValue false */
  auth?: boolean
  /** @defaultValue false */
  dedupe?: boolean
  /** @defaultValue true */
  retry?: boolean
  /** @defaultValue false */
  beforeTerms?: boolean
}

/** The request body type of a route. */
export type RouteRequest<R> = R extends Route<infer Req, unknown> ? Req : never
/** The response body type of a route. */
export type RouteResponse<R> = R extends Route<unknown, infer Res> ? Res : never

/**
 * Declares a route. The type parameters are usually taken from schemas with `typeof`, so the
 * schemas themselves stay out of the client bundle.
 * @param method - HTTP method.
 * @param path - path relative to the API base URL.
 * @param options - auth, de-duplication, retry and before-terms flags.
 * @returns a frozen route descriptor.
 * @example
 * ```ts
 * import * as v from 'valibot'
 * import { route, type SchemaRoute } from 'portico/kernel'
 * const InitRequest = v.object({ email: v.string() })
 * const Success = v.object({ success: v.literal(true) })
 * export const init = route<SchemaRoute<typeof InitRequest, typeof Success>>('POST', '/api/v1/passwordless/init')
 * ```
 */
export function route<R extends Route = Route>(
  method: RouteMethod,
  path: string,
  options: RouteOptions = {},
): R {
  return Object.freeze({
    method,
    path,
    auth: options.auth ?? false,
    dedupe: options.dedupe ?? false,
    retry: options.retry ?? true,
    beforeTerms: options.beforeTerms ?? false,
  }) as R
}

/** A route whose request and response types come from two valibot schemas. */
export type SchemaRoute<Req extends GenericSchema, Res extends GenericSchema> = Route<
  InferInput<Req>,
  InferOutput<Res>
>

/** A table of routes, keyed by a short name (`init`, `authenticate`, ...). */
export type RouteTable = Record<string, Route>

/** The request and response schema of one route. */
export interface RouteSchemas<R extends Route = Route> {
  request: GenericSchema<RouteRequest<R>, unknown>
  response: GenericSchema<unknown, RouteResponse<R>>
}

/** Schemas for every route of a table. */
export type SchemaTable<T extends RouteTable> = { [K in keyof T]: RouteSchemas<T[K]> }

/**
 * Pairs a route table with its schemas; the type checker makes sure each route has both.
 * @param _routes - the route table the schemas belong to (used for typing only).
 * @param schemas - request and response schema per route key.
 * @returns the schemas, unchanged.
 * @example
 * ```ts
 * export const emailSchemas = defineSchemas(emailRoutes, { init: { request: InitRequest, response: Success } })
 * ```
 */
export function defineSchemas<T extends RouteTable>(_routes: T, schemas: SchemaTable<T>): SchemaTable<T> {
  return schemas
}

/**
 * Fills `:name` segments of a path.
 * @param path - a route path such as `/api/v1/apps/:app_id`.
 * @param params - values for its segments; each is URI-encoded.
 * @returns the concrete path.
 * @example
 * ```ts
 * fillPath('/api/v1/apps/:app_id', { app_id: 'abc' }) // '/api/v1/apps/abc'
 * ```
 */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-z_]+)/gi, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(value)
  })
}
