// @vitest-environment jsdom
/**
 * An OAuth link answered `account_transfer_required`: the conflict screen's transfer sends the nonce
 * and the `oAuthUserInfo` the conflict carried to `/oauth/transfer`. A real kernel talks to a real
 * HTTP server on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen, startHarness, TEST_APP_ID, wireUser, type Harness } from '../../test/support/ui-harness'
import { makeToken } from '../../test/support/kernel-fixtures'
import { beginStoredFlow, completeOAuth, oauth } from '.'

const LINK = '/api/v1/oauth/link'
const TRANSFER = '/api/v1/oauth/transfer'
const SESSIONS = '/api/v1/sessions'

const account = (type: string, fields: Record<string, unknown>) => ({ type, ...fields, verified_at: 1, first_verified_at: 1, latest_verified_at: 1 })
const before = wireUser({ linked_accounts: [account('email', { address: 'a@example.com' })] })
const after = wireUser({
  linked_accounts: [account('email', { address: 'a@example.com' }), account('google_oauth', { subject: 'g-1', email: 'b@gmail.test', name: 'Bea' })],
})

async function session(user: Record<string, unknown>) {
  return {
    user,
    token: await makeToken({ aud: TEST_APP_ID, sub: user.id }),
    privy_access_token: null,
    refresh_token: 'refresh-1',
    session_update_action: 'set',
  }
}

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

describe('OAuth link conflict', () => {
  it('behavior: Transfer sends the nonce and the conflict profile to /oauth/transfer, then shows the refreshed user', async () => {
    const state = { transferred: false }
    const signed = await session(before)
    const moved = await session(after)
    h = await startHarness({
      plugins: [oauth()],
      app: { google_oauth: true },
      routes: {
        [`POST ${LINK}`]: () => ({
          status: 400,
          json: {
            error: 'Account transfer required',
            code: 'account_transfer_required',
            data: {
              nonce: 'nonce-7',
              subject: 'g-1',
              account: { displayName: 'b@gmail.test' },
              otherUser: { embeddedWalletAddress: null, oAuthUserInfo: { subject: 'g-1', provider: 'google', email: 'b@gmail.test', name: 'Bea' } },
            },
          },
        }),
        [`POST ${TRANSFER}`]: () => {
          state.transferred = true
          return { json: after }
        },
        [`POST ${SESSIONS}`]: () => ({ json: state.transferred ? moved : signed }),
      },
    })
    const ctx = h.kernel.contextFor('oauth')
    await ctx.authenticate(async () => signed as never, { method: 'email' })
    h.kernel.closeModal({ force: true })

    // A link round trip that came back with a code: the verifier and state are in storage.
    const flow = beginStoredFlow(ctx.storage, { provider: 'google', intent: 'link' })
    await renderScreen(h.kernel, 'oauth/status', {})
    void completeOAuth(ctx, { code: 'code-1', state: flow.stateCode, provider: 'google' })

    expect(await screen.findByRole('heading', { name: 'Google profile is associated with another account' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer and delete account' })))
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    expect(h.calls(TRANSFER)).toEqual([
      { nonce: 'nonce-7', userInfo: { subject: 'g-1', provider: 'google', email: 'b@gmail.test', name: 'Bea' } },
    ])
    await waitFor(() =>
      expect(h!.kernel.state.session.user?.linked_accounts.map((a) => a.type)).toEqual(['email', 'google_oauth']),
    )
  })
})
