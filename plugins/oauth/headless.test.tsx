// @vitest-environment jsdom
/**
 * `useLoginWithOAuth`: the redirect round trip without the modal. On the return page the hook's
 * state follows the silent completion. A real kernel talks to a real HTTP server on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import { startTestServer, type TestServer } from '../../test/support/http-server'
import type { Kernel, StorageAdapter } from '../../kernel/types'
import { PorticoProvider, withPorticoPlugin } from '../../ui/provider'
import { TEST_APP_ID, appResponse, authenticated } from '../../test/support/ui-harness-data'
import { OAUTH_STORAGE_KEYS, oauth, useLoginWithOAuth } from '.'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const AUTH = '/api/v1/oauth/authenticate'
let server: TestServer | null = null
let kernel: Kernel | null = null
afterEach(async () => {
  cleanup()
  kernel?.destroy()
  kernel = null
  await server?.close()
  server = null
  window.history.replaceState(null, '', '/')
})

function Probe() {
  const { state, loading } = useLoginWithOAuth()
  return (
    <p data-testid="probe">
      {state.status}
      {loading ? ' loading' : ''}
      {state.error ? `: ${state.error.message}` : ''}
    </p>
  )
}

/** A page returning from the provider with a headless flow stored, and the hook rendered. */
async function returnTo(url: string, authStatus = 200) {
  window.history.replaceState(null, '', url)
  const storage: StorageAdapter = createMemoryStorage()
  storage.set(OAUTH_STORAGE_KEYS.codeVerifier, 'v'.repeat(48))
  storage.set(OAUTH_STORAGE_KEYS.stateCode, 'state-123')
  storage.set(OAUTH_STORAGE_KEYS.provider, 'google')
  storage.set(OAUTH_STORAGE_KEYS.headless, 't')
  server = await startTestServer((req) => {
    if (req.path === `/api/v1/apps/${TEST_APP_ID}`) return { json: appResponse({ google_oauth: true }) }
    if (req.path === AUTH) {
      return authStatus === 200 ? { json: authenticated() } : { status: authStatus, json: { error: 'Invalid code', code: 'invalid_credentials' } }
    }
    return { json: {} }
  })
  kernel = createPortico({ appId: TEST_APP_ID, apiUrl: server.url, plugins: withPorticoPlugin([oauth()]), storage, autoRefresh: false })
  render(
    <PorticoProvider kernel={kernel}>
      <Probe />
    </PorticoProvider>,
  )
  await act(async () => {
    await kernel!.init()
  })
}

describe('useLoginWithOAuth', () => {
  it('behavior: the return page signs in silently: state done, session set, the modal never opens', async () => {
    await returnTo('/?privy_oauth_code=code-1&privy_oauth_state=state-123&privy_oauth_provider=google')
    expect((await screen.findByText('done')).textContent).toBe('done')
    expect(kernel!.state.session.status).toBe('authenticated')
    expect(kernel!.state.modal.open).toBe(false)
    expect(server!.requests.filter((r) => r.path === AUTH)).toHaveLength(1)
  })

  it('behavior: a refused code ends in state error with the text the modal would show, and no modal', async () => {
    await returnTo('/?privy_oauth_code=code-2&privy_oauth_state=state-123&privy_oauth_provider=google', 401)
    expect(await screen.findByText('error: Something went wrong. Try again.')).toBeTruthy()
    expect(kernel!.state.session.status).not.toBe('authenticated')
    expect(kernel!.state.modal.open).toBe(false)
  })
})
