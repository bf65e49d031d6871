/**
 * Test harness of the UI: a real kernel talking to a real HTTP server on 127.0.0.1 that answers
 * like the API (app configuration, passwordless, terms), with scripted answers per test; plus an
 * axe check. Used by the UI's and the email plugin's component tests.
 * @internal
 * @module
 */
import { act, render, type RenderResult } from '@testing-library/react'
import axe from 'axe-core'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import { startTestServer, type RecordedRequest, type ScriptedResponse, type TestServer } from './http-server'
import type { Kernel, StorageAdapter } from '../../kernel/types'
import type { ClientConfig } from '../../kernel/config'
import type { AppResponse } from '../../kernel/wire'
import { TEST_APP_ID, appResponse } from './ui-harness-data'
import type { PluginDefinition } from '../../kernel/plugin'
import { email } from '../../plugins/email'
import { PorticoProvider, withPorticoPlugin } from '../../ui/provider'
import { loadScreen } from '../../ui/modal/PorticoModal'

// Tells React that state updates are awaited through act() here.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export { TEST_APP_ID, appResponse, wireUser, authenticated } from './ui-harness-data'

/** A scripted answer per `METHOD /path` (now, or when a held promise settles); `app` is answered by default. */
export type Routes = Record<string, (req: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>>

/** A running API and a kernel pointed at it. */
export interface Harness {
  server: TestServer
  kernel: Kernel
  routes: Routes
  /** Requests to a path, bodies parsed. */
  calls(path: string): unknown[]
  close(): Promise<void>
}

/**
 * Starts a real HTTP server on 127.0.0.1 answering like the API: the app's configuration, analytics
 * events, then the scripted routes (a route added to `routes` later is answered too); 404 otherwise.
 * @param app - overrides of the app's configuration.
 * @param scripted - the routes, `METHOD /path` (without the query) → answer.
 * @returns the server and the routes it answers.
 */
export async function startScriptedApi(app: Partial<AppResponse> = {}, scripted: Routes = {}): Promise<{ server: TestServer; routes: Routes }> {
  const routes: Routes = {
    [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ json: appResponse(app) }),
    'POST /api/v1/analytics_events': () => ({ json: {} }),
    ...scripted,
  }
  const server = await startTestServer((req) => {
    const answer = routes[`${req.method} ${req.path.split('?')[0]}`]
    return answer ? answer(req) : { status: 404, json: { error: `No route ${req.method} ${req.path}` } }
  })
  return { server, routes }
}

/** Options of {@link mountKernel}. */
export interface MountKernelOptions {
  /** The plugins (the built-in `portico` plugin is added in front). */
  plugins: PluginDefinition[]
  /** Where the kernel keeps its state. @defaultValue a fresh memory storage */
  storage?: StorageAdapter
  /** The longest real wait the kernel's `sleep` makes (its screens' delays, cut short). */
  sleepCapMs: number
  /** Screens loaded before the provider renders (those the test opens at once). */
  screens?: string[]
}

/**
 * Creates a kernel on a scripted API, renders the provider around it and initialises it, as a host
 * page mounting the widget does.
 * @param server - the API (see {@link startScriptedApi}).
 * @param options - plugins, storage, the kernel's wait, screens to load first.
 * @returns the ready kernel (destroyed again if it fails to start).
 */
export async function mountKernel(server: TestServer, options: MountKernelOptions): Promise<Kernel> {
  const kernel = createPortico({
    appId: TEST_APP_ID,
    apiUrl: server.url,
    plugins: withPorticoPlugin(options.plugins),
    storage: options.storage ?? createMemoryStorage(),
    autoRefresh: false,
    sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, options.sleepCapMs))),
  })
  try {
    for (const screen of options.screens ?? []) await loadScreen(kernel, screen)
    render(<PorticoProvider kernel={kernel} />)
    await act(async () => {
      await kernel.init()
    })
  } catch (error) {
    kernel.destroy()
    throw error
  }
  return kernel
}

/**
 * The bodies of the requests a scripted API received at a path, parsed (undefined for none).
 * @param server - the API.
 * @param path - the path, without the query.
 * @returns the bodies, in order.
 */
export function callsTo(server: TestServer, path: string): Array<Record<string, unknown> | undefined> {
  return server.requests.filter((r) => r.path === path).map((r) => (r.body ? (JSON.parse(r.body) as Record<string, unknown>) : undefined))
}

/**
 * Starts the API and creates a ready kernel.
 * @param options - app overrides, client config, extra plugins, routes, the kernel's wait.
 * @returns the harness.
 */
export async function startHarness(
  options: {
    app?: Partial<AppResponse>
    config?: ClientConfig
    plugins?: PluginDefinition[]
    routes?: Routes
    /** The kernel's wait (a screen's delays), for tests that hold or skip them. */
    sleep?: (ms: number) => Promise<void>
  } = {},
): Promise<Harness> {
  const { server, routes } = await startScriptedApi(options.app, options.routes)
  const kernel = createPortico({
    appId: TEST_APP_ID,
    apiUrl: server.url,
    plugins: withPorticoPlugin(options.plugins ?? [email()]),
    storage: createMemoryStorage(),
    autoRefresh: false,
    ...(options.config ? { config: options.config } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  })
  await kernel.init()
  return {
    server,
    kernel,
    routes,
    calls: (path) => callsTo(server, path),
    async close() {
      kernel.destroy()
      await server.close()
    },
  }
}

/**
 * Renders the provider around a prebuilt kernel and opens the modal at a screen.
 * @param kernel - the kernel.
 * @param screen - the screen id.
 * @param params - its params.
 * @param theme - light or dark.
 * @returns the render result.
 */
export async function renderScreen(
  kernel: Kernel,
  screen = 'portico/landing',
  params: Record<string, unknown> = {},
  theme: 'light' | 'dark' = 'light',
): Promise<RenderResult> {
  // The provider preloads screens once the kernel is ready; do the same for the one under test.
  await loadScreen(kernel, screen)
  const result = render(<PorticoProvider kernel={kernel} theme={theme} />)
  await act(async () => {
    kernel.openModal(screen, params)
  })
  return result
}

/**
 * Runs axe over the document and returns the violations, readable.
 * jsdom has no layout, so colour contrast is checked in the browser screenshots instead.
 * @returns `rule: target` lines, empty when clean.
 */
export async function axeViolations(): Promise<string[]> {
  // Frames (the wallet's key frame) are another origin's document: jsdom cannot load them, and
  // their own accessibility is checked in Chromium.
  const result = await axe.run(document.body, { iframes: false, rules: { 'color-contrast': { enabled: false } } })
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`))
}
