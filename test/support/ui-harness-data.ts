/**
 * Wire fixtures for the UI's tests and the screenshot script: a complete app configuration, a
 * user and an authenticate answer.
 * @internal
 * @module
 */
import type { AppResponse } from '../../kernel/wire'
import { makeAppResponse } from './kernel-fixtures'

/** A 25-character app id, as the contract wants. */
export const TEST_APP_ID = 'cm0testappidabcdefghijklm'

/**
 * The app configuration the test API answers with: the kernel's fixture, branded as the screens' test app.
 * @param overrides - fields to change.
 * @returns an AppResponse.
 */
export function appResponse(overrides: Partial<AppResponse> = {}): AppResponse {
  return makeAppResponse({
    id: TEST_APP_ID,
    name: 'Acme',
    accent_color: '#4f46e5',
    require_users_accept_terms: false,
    ...overrides,
  })
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

