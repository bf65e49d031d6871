// @vitest-environment jsdom
/**
 * Link conflicts in the widget: the kernel routes a link answered `account_transfer_required` (with
 * a nonce) to the link-conflict screen, the transfer moves the account and refreshes the session,
 * 'No thanks' leaves everything as it was, and the assets screen shows a copyable address and an
 * explorer link. A real kernel talks to a real HTTP server on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { axeViolations, renderScreen, startHarness, TEST_APP_ID, wireUser, type Harness, type Routes } from '../../../test/support/ui-harness'
import { makeToken } from '../../../test/support/kernel-fixtures'
import { explorerAddressUrl, FALLBACK_EXPLORER } from './shared'
import type { AppConfig } from '../../../kernel/config'
import { email } from '../../../plugins/email'

const LINK = '/api/v1/passwordless/link'
const TRANSFER = '/api/v1/passwordless/transfer'
const SESSIONS = '/api/v1/sessions'
const OTHER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

const emailAccount = (address: string) => ({ type: 'email', address, verified_at: 1, first_verified_at: 1, latest_verified_at: 1 })
const userA = wireUser({ linked_accounts: [emailAccount('a@example.com')] })
const userAB = wireUser({ linked_accounts: [emailAccount('a@example.com'), emailAccount('b@example.com')] })

async function session(user: Record<string, unknown>) {
  return {
    user,
    token: await makeToken({ aud: TEST_APP_ID, sub: user.id }),
    privy_access_token: null,
    refresh_token: 'refresh-1',
    identity_token: await makeToken({ aud: TEST_APP_ID, sub: user.id, linked_accounts: JSON.stringify(user.linked_accounts) }),
    session_update_action: 'set',
  }
}

function conflictBody(embeddedWalletAddress: string | null) {
  return {
    status: 400,
    json: {
      error: 'Account transfer required',
      code: 'account_transfer_required',
      data: { nonce: 'nonce-1', subject: 'b@example.com', account: { displayName: 'b@example.com' }, otherUser: { embeddedWalletAddress } },
    },
  }
}

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

/** A harness whose user A is signed in; `transferred` flips once the transfer route ran. */
async function signedIn(routes: Routes, embedded: string | null = null) {
  const state = { transferred: false }
  const signed = await session(userA)
  h = await startHarness({
    plugins: [email()],
    routes: {
      [`POST ${LINK}`]: () => conflictBody(embedded),
      [`POST ${TRANSFER}`]: () => {
        state.transferred = true
        return { json: userAB }
      },
      [`POST ${SESSIONS}`]: () => ({ json: state.transferred ? sessionAB : signed }),
      ...routes,
    },
  })
  const sessionAB = await session(userAB)
  const ctx = h.kernel.contextFor('email')
  await ctx.authenticate(async () => signed as never, { method: 'email' })
  h.kernel.closeModal({ force: true })
  return state
}

async function enterCode(code: string) {
  const boxes = (await screen.findAllByRole('textbox')) as HTMLInputElement[]
  await act(async () => {
    boxes[0]!.focus()
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => code } })
  })
}

describe('link conflict', () => {
  it('behavior: an email link answered account_transfer_required goes to the conflict screen; transfer moves the address, refreshes and closes after 1 s', async () => {
    await signedIn({})
    await renderScreen(h!.kernel, 'email/code', { email: 'b@example.com', intent: 'link' })
    await enterCode('123456')
    expect(await screen.findByRole('heading', { name: 'Email address is associated with another account' })).toBeTruthy()
    expect(screen.getByText('Do you want to transfer b@example.com to this account instead? This will delete your other account.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()
    // The code behind it is spent: the conflict starts a fresh stack, so there is no Back to it.
    expect(h!.kernel.state.modal.stack.map((e) => e.screen)).toEqual(['portico/link-conflict'])
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
    expect(await axeViolations()).toEqual([])

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer and delete account' })))
    // A success state: the heading says it under the success icon; no warning, no button left to press.
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Email address is associated with another account' })).toBeNull()
    expect(within(screen.getByRole('dialog')).queryAllByRole('button').map((b) => b.textContent)).not.toContain('Success!')
    expect(screen.queryByRole('button', { name: 'No thanks' })).toBeNull()
    expect(h!.calls(TRANSFER)).toEqual([{ email: 'b@example.com', nonce: 'nonce-1' }])
    // The link answer is ignored; the user comes from the refreshed session.
    expect(h!.kernel.state.session.user?.linked_accounts.map((a) => (a as { address?: string }).address)).toEqual(['a@example.com', 'b@example.com'])
    expect(h!.kernel.state.modal.open).toBe(true)
    await waitFor(() => expect(h!.kernel.state.modal.open).toBe(false))
  })

  it('behavior: No thanks closes the modal without a transfer; the link rejects with exited_auth_flow', async () => {
    await signedIn({})
    await renderScreen(h!.kernel, 'email/entry', { intent: 'link' })
    const ctx = h!.kernel.contextFor('email')
    let outcome: unknown = null
    const linking = ctx
      .link(() => ctx.api.request({ method: 'POST', path: LINK } as never, { email: 'b@example.com', code: '123456' } as never), {
        method: 'email',
        handle: 'b@example.com',
        transfer: async () => {
          throw new Error('must not run')
        },
      })
      .catch((e: unknown) => (outcome = e))
    await screen.findByRole('heading', { name: 'Email address is associated with another account' })
    expect(h!.kernel.linkConflict()?.data.nonce).toBe('nonce-1')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'No thanks' })))
    await linking
    expect((outcome as { code?: string }).code).toBe('exited_auth_flow')
    expect(h!.kernel.state.modal.open).toBe(false)
    expect(h!.calls(TRANSFER)).toEqual([])
    expect(h!.kernel.linkConflict()).toBeNull()
    expect(h!.kernel.state.session.user?.linked_accounts).toHaveLength(1)
  })

  it('behavior: a failed transfer goes to the error screen with the server message', async () => {
    await signedIn({ [`POST ${TRANSFER}`]: () => ({ status: 400, json: { error: 'Transfer nonce expired', code: 'invalid_data' } }) })
    await renderScreen(h!.kernel, 'email/code', { email: 'b@example.com', intent: 'link' })
    await enterCode('123456')
    await screen.findByRole('heading', { name: 'Email address is associated with another account' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer and delete account' })))
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(screen.getByText('Transfer nonce expired')).toBeTruthy()
  })

  it('behavior: without a transfer thunk the error is a plain one (no conflict screen is waiting)', async () => {
    await signedIn({})
    const ctx = h!.kernel.contextFor('email')
    const err = await ctx
      .link(() => ctx.api.request({ method: 'POST', path: LINK } as never, {} as never), { method: 'email' })
      .catch((e: unknown) => e)
    expect((err as { code?: string }).code).toBe('account_transfer_required')
    expect(h!.kernel.linkConflict()).toBeNull()
  })

  it('behavior: with an embedded wallet, Continue leads to the assets info, then the address view with copy and explorer, then the transfer', async () => {
    await signedIn({}, OTHER)
    await renderScreen(h!.kernel, 'email/code', { email: 'b@example.com', intent: 'link' })
    await enterCode('123456')
    await screen.findByRole('heading', { name: 'Email address is associated with another account' })
    expect(screen.queryByRole('button', { name: 'Transfer and delete account' })).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })))
    expect(await screen.findByRole('heading', { name: 'Check account assets before transferring' })).toBeTruthy()
    expect(screen.getByText('Assets in your other account will not transfer automatically and may be lost.')).toBeTruthy()
    expect(screen.getByText(/log into your other account/)).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })))
    expect(await screen.findByLabelText('Wallet address of your other account')).toBeTruthy()
    expect(screen.getByText(OTHER)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`https://etherscan.io/address/${OTHER}`)
    expect(await axeViolations()).toEqual([])

    const copied: string[] = []
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })))
    expect(copied).toEqual([OTHER])
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer and delete account' })))
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    expect(screen.queryByText(OTHER)).toBeNull()
    expect(h!.calls(TRANSFER)).toHaveLength(1)
  })

  it('default: the conflict screen reached without a pending transfer says the account is linked elsewhere', async () => {
    h = await startHarness()
    await renderScreen(h.kernel, 'portico/link-conflict', { code: 'account_transfer_required' })
    expect(await screen.findByText('This account has already been linked to another user.')).toBeTruthy()
  })
})

describe('explorer link', () => {
  const config = (chain: Record<string, unknown>) =>
    ({ defaultChain: 'eip155:8453', supportedChains: [{ id: 'eip155:8453', name: 'Base', rpcUrls: [], nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, ...chain }] }) as unknown as AppConfig
  it('parameters: the default chain explorer (viem blockExplorers.default.url or blockExplorerUrls), else etherscan', () => {
    expect(explorerAddressUrl(config({ blockExplorers: { default: { url: 'https://basescan.org/' } } }), OTHER)).toBe(`https://basescan.org/address/${OTHER}`)
    expect(explorerAddressUrl(config({ blockExplorerUrls: ['https://explorer.test'] }), OTHER)).toBe(`https://explorer.test/address/${OTHER}`)
    expect(explorerAddressUrl(config({}), OTHER)).toBe(`${FALLBACK_EXPLORER}/address/${OTHER}`)
    expect(explorerAddressUrl(null, OTHER)).toBe(`https://etherscan.io/address/${OTHER}`)
  })
})
