// @vitest-environment jsdom
/**
 * `useDelegatedActions()` with its prompt, as a host uses it: the consent and the revocation each end
 * by themselves, declined ('Not now', 'Deny') with the spec's error, accepted with 'Success!', failed
 * with 'Something went wrong' and the failure's own error.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { PorticoProvider } from '../../ui/provider'
import { loadScreen } from '../../ui/modal/PorticoModal'
import { startSignedIn } from '../../test/support/mfa-harness'
import { wireUser, type Harness, type Routes } from '../../test/support/ui-harness'
import { frameError, heldSleep, TestWalletService, testEmbeddedWallets } from '../embedded-wallets/screens/test-service'
import type { EmbeddedWalletInfo } from '../embedded-wallets'
import { delegatedActions, DELEGATED_ACTIONS_SCREENS, useDelegatedActions, type UseDelegatedActionsResult } from '.'

const REVOKE = 'POST /api/v1/delegated_actions/revoke'
const WALLET: EmbeddedWalletInfo = { address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' }

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

let hook: UseDelegatedActionsResult
function Host() {
  hook = useDelegatedActions()
  return null
}

/**
 * A signed-in user with one embedded wallet (over a recording wallet service) and the delegated-actions
 * plugin; the prompt's screen is loaded before it is shown, as the modal's lazy loading would.
 */
async function start(routes: Routes = {}) {
  const service = new TestWalletService({}, [WALLET])
  const clock = heldSleep()
  h = await startSignedIn([delegatedActions(), testEmbeddedWallets(service)], wireUser({ has_accepted_terms: true }), routes, { sleep: clock.sleep })
  await loadScreen(h.kernel, DELEGATED_ACTIONS_SCREENS.prompt)
  render(
    <PorticoProvider kernel={h.kernel}>
      <Host />
    </PorticoProvider>,
  )
  return { service, kernel: h.kernel }
}

/** Starts a hook call inside `act`; answers how it ended: `resolved` or `rejected:<code>:<message>`. */
function call(run: () => Promise<void>): Promise<string> {
  let ended!: Promise<string>
  act(() => {
    ended = run().then(
      () => 'resolved',
      (e: { code?: string; message?: string }) => `rejected:${e.code}:${e.message}`,
    )
  })
  return ended
}

const click = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })))

/** Waits for the prompt to close by itself after its outcome (the outcome shows for the prompt's own time, in real time). */
async function closedBySelf(kernel: { state: { modal: { open: boolean } } }, ended: Promise<string>): Promise<string> {
  const outcome = await act(() => ended)
  expect(kernel.state.modal.open).toBe(false)
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  return outcome
}

describe('useDelegatedActions', () => {
  it("behavior: 'Not now' on 'Enable delegated actions' closes and rejects with 'User declined delegating actions.'; nothing is delegated", async () => {
    const { service, kernel } = await start()
    const ended = call(() => hook.delegateWallet({ address: WALLET.address }))
    expect(await screen.findByRole('heading', { name: 'Enable delegated actions' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy()
    await click('Not now')
    expect(await closedBySelf(kernel, ended)).toBe('rejected:DELEGATED_ACTIONS_DECLINED:User declined delegating actions.')
    expect(service.callsOf('delegate')).toEqual([])
  })

  it("behavior: 'Accept' delegates the wallet through the frame, shows 'Success!' and closes by itself; the call resolves", async () => {
    const { service, kernel } = await start()
    const ended = call(() => hook.delegateWallet({ address: WALLET.address }))
    await screen.findByRole('heading', { name: 'Enable delegated actions' })
    await click('Accept')
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    expect(await closedBySelf(kernel, ended)).toBe('resolved')
    expect(service.callsOf('delegate')).toEqual([[WALLET]])
  })

  it("behavior: a failed delegation shows 'Something went wrong', closes by itself and rejects with the failure's own error", async () => {
    const { service, kernel } = await start()
    service.fail('delegate', frameError('mfa_canceled', 'MFA canceled'))
    const ended = call(() => hook.delegateWallet({ address: WALLET.address }))
    await screen.findByRole('heading', { name: 'Enable delegated actions' })
    await click('Accept')
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Please try again.')
    expect(await closedBySelf(kernel, ended)).toBe('rejected:mfa_canceled:MFA canceled')
  })

  it("behavior: 'Deny' on 'Revoke permission' closes and rejects with 'User declined revoking access to their delegated wallet.'; nothing is revoked", async () => {
    let revokes = 0
    const { kernel } = await start({ [REVOKE]: () => (revokes++, { json: wireUser({ has_accepted_terms: true }) }) })
    const ended = call(() => hook.revokeWallets({ address: WALLET.address }))
    expect(await screen.findByRole('heading', { name: 'Revoke permission' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy()
    await click('Deny')
    expect(await closedBySelf(kernel, ended)).toBe('rejected:DELEGATED_ACTIONS_REVOKE_DECLINED:User declined revoking access to their delegated wallet.')
    expect(revokes).toBe(0)
  })

  it("behavior: 'Confirm' revokes on the server (the wallet named), shows 'Success!' and closes by itself", async () => {
    const bodies: unknown[] = []
    const { kernel } = await start({ [REVOKE]: (req) => (bodies.push(JSON.parse(req.body!)), { json: wireUser({ has_accepted_terms: true }) }) })
    const ended = call(() => hook.revokeWallets({ address: WALLET.address }))
    await screen.findByRole('heading', { name: 'Revoke permission' })
    await click('Confirm')
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    expect(await closedBySelf(kernel, ended)).toBe('resolved')
    expect(bodies).toEqual([{ address: WALLET.address }])
  })

  it("behavior: a refused revocation shows 'Something went wrong' and rejects with the server's code", async () => {
    const { kernel } = await start({ [REVOKE]: () => ({ status: 400, json: { error: 'No such embedded wallet for this user.', code: 'linked_account_not_found' } }) })
    const ended = call(() => hook.revokeWallets({ address: WALLET.address }))
    await screen.findByRole('heading', { name: 'Revoke permission' })
    await click('Confirm')
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(await closedBySelf(kernel, ended)).toMatch(/^rejected:linked_account_not_found:/)
  })

  it('behavior: without a session the hook refuses before any prompt', async () => {
    const { kernel } = await start()
    await act(() => kernel.logout())
    await expect(hook.delegateWallet({ address: WALLET.address })).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(kernel.state.modal.open).toBe(false)
  })
})
