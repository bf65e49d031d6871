// @vitest-environment jsdom
/**
 * The client half against the real server (PGlite, real HTTP on 127.0.0.1) and a real JWT issuer:
 * the plugin keeps Portico's session in step with the host's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import type { Kernel } from '../../kernel/types'
import { PorticoProvider } from '../../ui/provider'
import type { AppSettingsInput } from '../../server/apps'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { startJwtIssuer, type JwtIssuer } from '../../test/fixtures/jwt-issuer'
import { customAuthServer, customAuthSetting } from './server'
import { customAuth, getCustomAuth, useCustomAuth, type CustomAuthOptions } from '.'
import { destroyKernelsAfterEach, mainThreadDb } from '../../test/support/jsdom-server'


const AUTH_PATH = '/api/v1/custom_jwt_account/authenticate'

let t: TestInstance
let issuer: JwtIssuer
let appId: string
beforeAll(async () => {
  issuer = await startJwtIssuer()
  t = await createTestInstance({ db: await mainThreadDb(), plugins: [emailServer(), customAuthServer()] })
  appId = await makeApp()
})
afterAll(async () => {
  await t.close()
  await issuer.close()
})

const track = destroyKernelsAfterEach()

async function makeApp(settings: AppSettingsInput = {}) {
  const app = await t.createApp({
    settings: {
      loginMethods: ['custom_jwt_auth', 'email_auth'],
      customAuth: { ...customAuthSetting.default, jwksUrl: issuer.jwksUrl, issuer: issuer.issuer, audience: issuer.audience },
      ...settings,
    },
  })
  return app.id
}

/** A stand-in host: its "session" is a token it hands out, or null when signed out. */
function host(initial: string | null = null) {
  const h = { token: initial, calls: 0 }
  return {
    h,
    getCustomAccessToken: async () => {
      h.calls++
      return h.token
    },
  }
}

/** A kernel on the real server, counting the authenticate calls it sends. */
function kernelWith(options: CustomAuthOptions, id = appId) {
  const sent: string[] = []
  const kernel = createPortico({
    appId: id,
    apiUrl: t.baseUrl,
    storage: createMemoryStorage(),
    plugins: [customAuth({ intervalMs: 0, ...options })],
    fetch: (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.endsWith(AUTH_PATH)) sent.push(String(init?.body ?? ''))
      return fetch(input, init)
    },
  })
  track(kernel)
  return { kernel, sent }
}

const customIdOf = (kernel: Kernel) =>
  (kernel.state.session.user?.linked_accounts.find((a) => a.type === 'custom_auth') as { custom_user_id?: string } | undefined)
    ?.custom_user_id

describe('sync in', () => {
  it('default: signs Portico in with the host token once the config has loaded, without opening the modal', async () => {
    const { getCustomAccessToken } = host(await issuer.mint('alice'))
    const { kernel } = kernelWith({ getCustomAccessToken })
    await kernel.init()
    await waitFor(() => expect(kernel.state.session.status).toBe('authenticated'))
    expect(customIdOf(kernel)).toBe('alice')
    expect(kernel.state.modal.open).toBe(false)
    await waitFor(() => expect(getCustomAuth(kernel).snapshot().status).toBe('synced'))
  })

  it('behavior: signs in on sync() after the host logs in, and replaces another host user', async () => {
    const { h, getCustomAccessToken } = host(null)
    const { kernel } = kernelWith({ getCustomAccessToken })
    await kernel.init()
    await getCustomAuth(kernel).sync()
    expect(kernel.state.session.status).toBe('unauthenticated')
    h.token = await issuer.mint('bob')
    await getCustomAuth(kernel).sync()
    expect(customIdOf(kernel)).toBe('bob')
    const bobId = kernel.state.session.user!.id
    h.token = await issuer.mint('carol')
    await getCustomAuth(kernel).sync()
    expect(customIdOf(kernel)).toBe('carol')
    expect(kernel.state.session.user!.id).not.toBe(bobId)
  })

  it('behavior: does not authenticate again while Portico already is the host user', async () => {
    const { getCustomAccessToken } = host(await issuer.mint('dave'))
    const { kernel, sent } = kernelWith({ getCustomAccessToken })
    await kernel.init()
    await waitFor(() => expect(customIdOf(kernel)).toBe('dave'))
    await getCustomAuth(kernel).sync()
    await getCustomAuth(kernel).sync()
    expect(sent).toHaveLength(1)
  })

  it('behavior: re-checks when the window regains focus', async () => {
    const { h, getCustomAccessToken } = host(null)
    const { kernel } = kernelWith({ getCustomAccessToken })
    await kernel.init()
    await getCustomAuth(kernel).sync()
    h.token = await issuer.mint('erin')
    window.dispatchEvent(new Event('focus'))
    await waitFor(() => expect(customIdOf(kernel)).toBe('erin'))
  })

  it('behavior: re-checks on the interval', async () => {
    const { h, getCustomAccessToken } = host(null)
    const { kernel } = kernelWith({ getCustomAccessToken, intervalMs: 100 })
    await kernel.init()
    h.token = await issuer.mint('frank')
    await waitFor(() => expect(customIdOf(kernel)).toBe('frank'))
  })

  it('behavior: never runs two syncs at once; calls during a sync share one follow-up', async () => {
    const { h, getCustomAccessToken } = host(null)
    let inFlight = 0
    let maxInFlight = 0
    const slow = async () => {
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      await new Promise((r) => setTimeout(r, 50))
      inFlight--
      return getCustomAccessToken()
    }
    const { kernel, sent } = kernelWith({ getCustomAccessToken: slow })
    await kernel.init()
    await getCustomAuth(kernel).sync()
    const before = h.calls
    h.token = await issuer.mint('grace')
    const c = getCustomAuth(kernel)
    await Promise.all([c.sync(), c.sync(), c.sync(), c.sync()])
    expect(maxInFlight).toBe(1)
    expect(h.calls - before).toBe(2)
    expect(sent).toHaveLength(1)
    expect(customIdOf(kernel)).toBe('grace')
  })

  it('behavior: a refused token sets an error and is not sent again; a new token is', async () => {
    const { h, getCustomAccessToken } = host(await issuer.mint('henry', {}, { audience: 'wrong' }))
    const { kernel, sent } = kernelWith({ getCustomAccessToken })
    await kernel.init()
    const c = getCustomAuth(kernel)
    await waitFor(() => expect(c.snapshot().status).toBe('error'))
    expect(c.snapshot().error).toMatchObject({ code: 'CUSTOM_AUTH_INVALID_TOKEN' })
    expect(kernel.state.session.status).toBe('unauthenticated')
    await c.sync()
    expect(sent).toHaveLength(1)
    h.token = await issuer.mint('henry')
    await c.sync()
    expect(customIdOf(kernel)).toBe('henry')
    expect(c.snapshot()).toEqual({ status: 'synced', error: null })
  })

  it('behavior: does nothing while the host is loading', async () => {
    const { getCustomAccessToken, h } = host(await issuer.mint('ivy'))
    let loading = true
    const { kernel } = kernelWith({ getCustomAccessToken, isLoading: () => loading })
    await kernel.init()
    await getCustomAuth(kernel).sync()
    expect(h.calls).toBe(0)
    expect(kernel.state.session.status).toBe('unauthenticated')
    loading = false
    await getCustomAuth(kernel).sync()
    expect(customIdOf(kernel)).toBe('ivy')
  })

  it('behavior: does nothing when the app has custom tokens switched off', async () => {
    const off = await makeApp({ loginMethods: ['email_auth'] })
    const { getCustomAccessToken, h } = host(await issuer.mint('jack'))
    const { kernel, sent } = kernelWith({ getCustomAccessToken }, off)
    await kernel.init()
    await getCustomAuth(kernel).sync()
    expect(getCustomAuth(kernel).snapshot().status).toBe('disabled')
    expect(h.calls).toBe(0)
    expect(sent).toHaveLength(0)
  })
})

describe('sync out', () => {
  it('default: logs Portico out when the host token is gone', async () => {
    const { h, getCustomAccessToken } = host(await issuer.mint('kate'))
    const { kernel } = kernelWith({ getCustomAccessToken })
    await kernel.init()
    await waitFor(() => expect(customIdOf(kernel)).toBe('kate'))
    h.token = null
    await getCustomAuth(kernel).sync()
    expect(kernel.state.session.status).toBe('unauthenticated')
    expect(getCustomAuth(kernel).snapshot().status).toBe('synced')
  })

  it('behavior: leaves alone a user who signed in another way', async () => {
    const storage = createMemoryStorage()
    const email = `other-${Date.now()}@example.com`
    const session = await t.login(email, { appId })
    storage.set('privy:token', session.token!)
    storage.set('privy:refresh_token', session.refresh_token!)
    const { getCustomAccessToken } = host(null)
    const kernel = createPortico({ appId, apiUrl: t.baseUrl, storage, plugins: [customAuth({ getCustomAccessToken, intervalMs: 0 })] })
    track(kernel)
    await kernel.init()
    await getCustomAuth(kernel).sync()
    expect(kernel.state.session.status).toBe('authenticated')
    expect(kernel.state.session.user!.linked_accounts[0]).toMatchObject({ type: 'email', address: email })
  })
})

describe('linking', () => {
  it('behavior: is refused with the spec text and a CUSTOM_AUTH_ code', async () => {
    const { getCustomAccessToken } = host(null)
    const { kernel } = kernelWith({ getCustomAccessToken })
    await expect(getCustomAuth(kernel).link()).rejects.toMatchObject({
      code: 'CUSTOM_AUTH_LINK_UNSUPPORTED',
      shortMessage: 'Linking is not supported for the guest flow',
    })
  })
})

describe('useCustomAuth', () => {
  function HostCard() {
    const { sync, status } = useCustomAuth()
    return (
      <div>
        <output data-testid="status">{status}</output>
        <button type="button" onClick={() => void sync()}>
          sync
        </button>
      </div>
    )
  }

  it('behavior: sync() after the host login signs Portico in, and the status re-renders', async () => {
    const { h, getCustomAccessToken } = host(null)
    const kernel = createPortico({
      appId,
      apiUrl: t.baseUrl,
      storage: createMemoryStorage(),
      plugins: [customAuth({ getCustomAccessToken, intervalMs: 0 })],
    })
    track(kernel)
    render(
      <PorticoProvider kernel={kernel}>
        <HostCard />
      </PorticoProvider>,
    )
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('synced'))
    h.token = await issuer.mint('liam')
    await act(async () => {
      screen.getByRole('button', { name: 'sync' }).click()
    })
    await waitFor(() => expect(customIdOf(kernel)).toBe('liam'))
    expect(screen.getByTestId('status').textContent).toBe('synced')
  })
})
