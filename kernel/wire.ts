/**
 * TypeScript types of the wire contract's objects, inferred from the schemas in `./schemas`.
 * Only types are imported here, so no validation code reaches the browser.
 * @module
 */
import type { InferOutput } from 'valibot'
import type * as s from './schemas'

export type { WireErrorCode } from './schemas'
/** A linked account (email, phone, wallet, OAuth...). */
export type LinkedAccount = InferOutput<typeof s.LinkedAccount>
/** A user as the server describes it. */
export type User = InferOutput<typeof s.User>
/** The response of every authenticate call and of a refresh. */
export type AuthenticatedUser = InferOutput<typeof s.AuthenticatedUser>
/** The answer of a refresh: a session or the `clear` shape. */
export type SessionResponse = InferOutput<typeof s.SessionResponse>
/** One live session of the signed-in user, as `GET /api/v1/sessions` lists it (times in unix seconds). */
export type SessionEntry = InferOutput<typeof s.SessionEntry>
/** The app's server configuration. */
export type AppResponse = InferOutput<typeof s.AppResponse>
/** The body of an error response. */
export type ErrorBody = InferOutput<typeof s.ErrorBody>
/** OAuth tokens returned by an OAuth login. */
export type OAuthTokens = InferOutput<typeof s.OAuthTokens>
/** `mode` of an authenticate call. */
export type LoginMode = InferOutput<typeof s.LoginMode>
