// @vitest-environment jsdom
/** useLoginWithSiws against the UI harness's real HTTP server: nonce, message, authenticate, modal closed. */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { authenticated, startHarness, type Harness, type Routes } from '../../test/support/ui-harness'
import { PorticoProvider } from '../../ui/provider'
import { parseSiwsMessage } from './message'
import { siws, useLoginWithSiws } from '.'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const routes: Routes = {
  'POST /api/v1/siws/init': () => ({ json: { nonce: 'nonce654321', address: ADDRESS, expires_at: new Date(Date.now() + 600_000).toISOString() } }),
  'POST /api/v1/siws/authenticate': (req) =>
    JSON.parse(req.body ?? '{}').signature === 'c2lnbmVk'
      ? { json: authenticated() }
      : { status: 401, json: { error: 'Invalid signature', code: 'invalid_credentials' } },
}

describe('useLoginWithSiws', () => {
  it('behavior: builds the message from the server nonce, signs in with the host signature, modal closed', async () => {
    h = await startHarness({ plugins: [siws()], routes })
    const kernel = h.kernel
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider kernel={kernel}>{children}</PorticoProvider>
    const { result } = renderHook(() => useLoginWithSiws(), { wrapper })
    let message = ''
    await act(async () => {
      message = await result.current.generateSiwsMessage({ address: ADDRESS, disableSignup: true })
    })
    expect(h.calls('/api/v1/siws/init')).toEqual([{ address: ADDRESS }])
    expect(parseSiwsMessage(message)).toMatchObject({ address: ADDRESS, nonce: 'nonce654321', domain: location.host })

    await act(() => expect(result.current.loginWithSiws({ signature: 'bad', message })).rejects.toMatchObject({ code: 'invalid_credentials' }))
    expect(kernel.state.session.status).toBe('unauthenticated')
    await act(() => result.current.loginWithSiws({ signature: 'c2lnbmVk', message }))
    expect(h.calls('/api/v1/siws/authenticate').at(-1)).toEqual({
      message, signature: 'c2lnbmVk', walletClientType: null, connectorType: null, message_type: 'plain', mode: 'no-signup',
    })
    expect(kernel.state.session.status).toBe('authenticated')
    expect(kernel.state.modal.open).toBe(false)
  })
})
