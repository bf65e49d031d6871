/// <reference types="vite/client" />
// @vitest-environment jsdom
/**
 * The plugin contract: every folder under `plugins/` passes the same checks, so a new plugin (ours or a
 * third party's) is held to what the email plugin established.
 */
import { readdirSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, resolve } from 'node:path'
import { describe, it, expect, afterEach } from 'vitest'
import { cleanup, screen as view } from '@testing-library/react'
import type { PluginDefinition } from '../../kernel/plugin'
import type { ServerPlugin } from '../../server/plugin'
import { collectRoutes } from '../../server/plugin'
import { kernelMessages } from '../../kernel/messages/en'
import { KERNEL_ERRORS } from '../../kernel/error-registry'
import { axeViolations, renderScreen, startHarness } from '../support/ui-harness'

const pluginsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../plugins') + '/'
const folders = readdirSync(pluginsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()
/** Plugins with a widget half (`index.ts`). */
const ids = folders.filter((id) => existsSync(`${pluginsDir}${id}/index.ts`))
/** Plugins with a server half only (their client side lives elsewhere, e.g. in the wallet frame). */
const serverOnly = folders.filter((id) => !ids.includes(id))

/** Every schemas module a server plugin may take its schemas from. */
const SCHEMA_MODULES = import.meta.glob<Record<string, unknown>>(['../../plugins/*/schemas.ts', '../../protocols/*/schemas.ts'], { eager: true })

const camel = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
const prefixOf = (id: string) => id.toUpperCase().replace(/-/g, '_')

async function clientPlugin(id: string): Promise<PluginDefinition> {
  const mod = (await import(`../../plugins/${id}/index.ts`)) as Record<string, unknown>
  const factory = mod[camel(id)]
  expect(typeof factory, `plugins/${id}/index.ts exports a factory named ${camel(id)}`).toBe('function')
  return (factory as () => PluginDefinition)()
}

async function serverPlugin(id: string): Promise<ServerPlugin | null> {
  if (!existsSync(`${pluginsDir}${id}/server.ts`)) return null
  const mod = (await import(`../../plugins/${id}/server.ts`)) as Record<string, unknown>
  const factory = mod[`${camel(id)}Server`]
  expect(typeof factory, `plugins/${id}/server.ts exports ${camel(id)}Server`).toBe('function')
  return (factory as () => ServerPlugin)()
}

afterEach(() => cleanup())

it('default: at least one plugin is checked', () => {
  expect(ids.length).toBeGreaterThan(0)
})

describe.each(serverOnly)('server-only plugin %s', (id) => {
  it('behavior: its server half has its folder as id, and every route a handler and both schemas', async () => {
    const server = await serverPlugin(id)
    expect(server, `plugins/${id} has index.ts or server.ts`).not.toBeNull()
    expect(server!.id).toBe(id)
    expect(Object.values(SCHEMA_MODULES).flatMap((m) => Object.values(m))).toContain(server!.schemas)
    for (const r of collectRoutes([server!])) {
      expect(typeof r.handler, `${r.key} has a handler`).toBe('function')
      expect(r.schemas?.request, `${r.key} has a request schema`).toBeTruthy()
      expect(r.schemas?.response, `${r.key} has a response schema`).toBeTruthy()
    }
  })
})

describe.each(ids)('plugin %s', (id) => {
  it('behavior: its id is kebab-case and equals its folder name', async () => {
    const plugin = await clientPlugin(id)
    expect(plugin.id).toBe(id)
    expect(id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/)
  })

  it('behavior: its error codes are UPPER_SNAKE, carry its prefix and clash with no other plugin or the kernel', async () => {
    const plugin = await clientPlugin(id)
    const codes = Object.keys(plugin.errors ?? {})
    for (const code of codes) {
      expect(code).toMatch(new RegExp(`^${prefixOf(id)}_[A-Z0-9_]+$`))
      expect(Object.keys(KERNEL_ERRORS)).not.toContain(code)
    }
    for (const other of ids.filter((o) => o !== id)) {
      const otherCodes = Object.keys((await clientPlugin(other)).errors ?? {})
      expect(codes.filter((c) => otherCodes.includes(c))).toEqual([])
    }
  })

  it('behavior: every error code has an English message', async () => {
    const plugin = await clientPlugin(id)
    const messages = { ...kernelMessages, ...plugin.messages } as Record<string, string>
    for (const [code, reaction] of Object.entries(plugin.errors ?? {})) {
      const key = reaction.message ?? code
      expect(messages[key], `${code} has a message`).toEqual(expect.any(String))
      expect(messages[key]!.length).toBeGreaterThan(0)
    }
  })

  it('behavior: every login method names a screen the plugin registers', async () => {
    const plugin = await clientPlugin(id)
    for (const method of plugin.loginMethods ?? []) {
      const [owner, name] = method.screen.split('/')
      expect(owner).toBe(id)
      expect(Object.keys(plugin.screens ?? {})).toContain(name)
    }
  })

  it('behavior: every screen renders and passes an axe check in light and dark', async () => {
    const plugin = await clientPlugin(id)
    const examplesPath = `${pluginsDir}${id}/screens/examples.ts`
    const examples = existsSync(examplesPath)
      ? ((await import(`../../plugins/${id}/screens/examples.ts`)) as { screenExamples: Record<string, Record<string, unknown>> })
          .screenExamples
      : {}
    const harness = await startHarness({ plugins: [plugin] })
    try {
      for (const name of Object.keys(plugin.screens ?? {})) {
        for (const theme of ['light', 'dark'] as const) {
          await renderScreen(harness.kernel, `${id}/${name}`, examples[name] ?? {}, theme)
          // A blocking screen (one the user cannot close) is an alert dialog.
          expect(await view.findByRole(plugin.screens?.[name]?.blocking ? 'alertdialog' : 'dialog')).toBeTruthy()
          expect(await axeViolations(), `${id}/${name} (${theme})`).toEqual([])
          cleanup()
        }
      }
    } finally {
      await harness.close()
    }
  })

  it('behavior: every API route has a server handler, and the server uses the routes of api.ts and the schemas of schemas.ts', async () => {
    const plugin = await clientPlugin(id)
    const server = await serverPlugin(id)
    if (!plugin.api) {
      expect(server?.routes ?? {}).toEqual({})
      return
    }
    expect(server, `plugins/${id}/server.ts exists`).not.toBeNull()
    expect(server!.id).toBe(id)
    expect(server!.routes).toBe(plugin.api)
    // The schemas come from a schemas module (the plugin's own, or the public protocol module whose
    // routes the plugin serves), never from a copy in the server file.
    expect(Object.values(SCHEMA_MODULES).flatMap((m) => Object.values(m))).toContain(server!.schemas)
    for (const r of collectRoutes([server!])) {
      expect(typeof r.handler, `${r.key} has a handler`).toBe('function')
      expect(r.schemas?.request, `${r.key} has a request schema`).toBeTruthy()
      expect(r.schemas?.response, `${r.key} has a response schema`).toBeTruthy()
    }
  })

})
