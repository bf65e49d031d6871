// @vitest-environment jsdom
/** useLoginWithSiwe against the UI harness's real HTTP server: nonce, message, authenticate, modal closed. */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { authenticated, startHarness, type Harness, type Routes } from '../../test/support/ui-harness'
import { PorticoProvider } from '../../ui/provider'
import { parseSiweMessage, siwe, useLoginWithSiwe } from '.'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const routes: Routes = {
  'POST /api/v1/siwe/init': () => ({ json: { nonce: 'nonce123456', address: ADDRESS, expires_at: new Date(Date.now() + 600_000).toISOString() } }),
  'POST /api/v1/siwe/authenticate': (req) =>
    JSON.parse(req.body ?? '{}').signature === '0xabcd'
      ? { json: authenticated() }
      : { status: 401, json: { error: 'Invalid signature', code: 'invalid_credentials' } },
}

describe('useLoginWithSiwe', () => {
  it('behavior: builds the message from the server nonce, signs in with the host signature, modal closed', async () => {
    h = await startHarness({ plugins: [siwe()], routes })
    const kernel = h.kernel
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider kernel={kernel}>{children}</PorticoProvider>
    const { result } = renderHook(() => useLoginWithSiwe(), { wrapper })
    let message = ''
    await act(async () => {
      message = await result.current.generateSiweMessage({ address: ADDRESS.toLowerCase(), chainId: 8453, disableSignup: true })
    })
    expect(h.calls('/api/v1/siwe/init')).toEqual([{ address: ADDRESS.toLowerCase() }])
    expect(parseSiweMessage(message)).toMatchObject({ address: ADDRESS, chainId: 8453, nonce: 'nonce123456', domain: location.host })

    await act(() => expect(result.current.loginWithSiwe({ signature: '0x00', message })).rejects.toMatchObject({ code: 'invalid_credentials' }))
    expect(kernel.state.session.status).toBe('unauthenticated')
    await act(() => result.current.loginWithSiwe({ signature: '0xabcd', message }))
    expect(h.calls('/api/v1/siwe/authenticate').at(-1)).toEqual({
      message, signature: '0xabcd', chainId: 'eip155:8453', walletClientType: null, connectorType: null, mode: 'no-signup',
    })
    expect(kernel.state.session.status).toBe('authenticated')
    expect(kernel.state.modal.open).toBe(false)
  })
})
