/**
 * The plugin registry: validates the plugins a host passes, merges what they contribute (screens,
 * error codes, texts, login methods) and gives each one its narrow {@link PluginContext}.
 * @module
 */
import { PorticoError, type ErrorTable } from './errors'
import type { MessageTable } from './messages'
import type { LoginMethodDefinition, PluginContext, PluginDefinition, ScreenDefinition } from './plugin'
import { KERNEL_ERRORS } from './error-registry'
import { kernelMessages } from './messages/en'
import { loadOnce } from './load-once'

/** Plugin ids are kebab-case: they are folder names and subpath exports too. */
export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/

/** What the registry merged from the plugins. */
export interface MergedPlugins {
  /** Plugins in setup order (every plugin after the plugins it requires). */
  plugins: readonly PluginDefinition[]
  /** Screen id (`<plugin id>/<name>`) to definition. */
  screens: ReadonlyMap<string, ScreenDefinition>
  /** Every error code: the kernel's and the plugins'. */
  errors: ErrorTable
  /**
   * Every text: the kernel's, overridden by plugins' where they use the same key. A plugin's
   * `screenMessages` join when the first of its screens loads.
   */
  messages: MessageTable
  /** Login methods in plugin order. */
  loginMethods: readonly LoginMethodDefinition[]
}

function invalid(message: string, details?: string): PorticoError {
  return new PorticoError(message, { code: 'invalid_plugin', details })
}

function checkId(p: PluginDefinition | undefined): asserts p is PluginDefinition {
  if (!p || typeof p.id !== 'string' || !PLUGIN_ID_PATTERN.test(p.id)) {
    throw invalid(`Invalid plugin id "${String(p?.id)}"`, 'Plugin ids are kebab-case, like "email" or "cross-app".')
  }
}

/**
 * Validates plugins and merges their contributions.
 * Adds the plugins required by definition that the host did not register (see `requires`).
 * Rejects: ids that are not kebab-case, duplicate ids, missing `requires`, dependency cycles,
 * duplicate error codes (also against the kernel's), duplicate message keys between plugins,
 * duplicate login-method ids, and screen names that contain a slash. A plugin's `screenMessages`
 * are checked and added when the first of its screens loads (that load fails on a duplicate key).
 * @param plugins - the host's plugins.
 * @returns the merged tables.
 * @example
 * ```ts
 * import { mergePlugins, definePlugin } from 'portico/kernel'
 * const merged = mergePlugins([definePlugin({ id: 'hello', kind: 'feature' })])
 * merged.plugins.length // 1
 * ```
 */
export function mergePlugins(plugins: readonly PluginDefinition[]): MergedPlugins {
  const byId = new Map<string, PluginDefinition>()
  for (const p of plugins) {
    checkId(p)
    if (byId.has(p.id)) throw invalid(`Plugin "${p.id}" is registered twice`)
    byId.set(p.id, p)
  }
  // Plugins a plugin requires by definition join when the host registered none of that id.
  const implied = (p: PluginDefinition) => {
    for (const dep of p.requires ?? []) {
      if (typeof dep === 'string' || byId.has(dep?.id)) continue
      checkId(dep)
      byId.set(dep.id, dep)
      implied(dep)
    }
  }
  for (const p of plugins) implied(p)

  // Order plugins so each one's setup runs after the plugins it requires.
  const ordered: PluginDefinition[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (p: PluginDefinition, path: string[]) => {
    const s = state.get(p.id)
    if (s === 'done') return
    if (s === 'visiting') throw invalid(`Plugins require each other in a cycle: ${[...path, p.id].join(' -> ')}`)
    state.set(p.id, 'visiting')
    for (const dep of p.requires ?? []) {
      const depId = typeof dep === 'string' ? dep : dep.id
      const d = byId.get(depId)
      if (!d) throw invalid(`Plugin "${p.id}" requires plugin "${depId}", which is not registered`)
      visit(d, [...path, p.id])
    }
    state.set(p.id, 'done')
    ordered.push(p)
  }
  for (const p of plugins) visit(p, [])

  const screens = new Map<string, ScreenDefinition>()
  const errors: Record<string, ErrorTable[string]> = { ...KERNEL_ERRORS }
  const errorOwner = new Map<string, string>(Object.keys(KERNEL_ERRORS).map((k) => [k, 'kernel']))
  const messages: Record<string, string> = { ...kernelMessages }
  const messageOwner = new Map<string, string>()
  const loginMethods: LoginMethodDefinition[] = []
  const methodOwner = new Map<string, string>()

  // A table is checked whole before any of its texts is added.
  const addMessages = (p: PluginDefinition, table: MessageTable) => {
    for (const key of Object.keys(table)) {
      const owner = messageOwner.get(key)
      if (owner && owner !== p.id) throw invalid(`Message key ${key} of plugin "${p.id}" is already declared by plugin "${owner}"`)
    }
    for (const [key, text] of Object.entries(table)) {
      messageOwner.set(key, p.id)
      messages[key] = text
    }
  }

  // A plugin's screen texts: fetched with the first of its screens to load, once (again after a failure).
  const screenTexts = (p: PluginDefinition, load: () => Promise<MessageTable>) => loadOnce(() => load().then((table) => addMessages(p, table)))

  for (const p of ordered) {
    const texts = p.screenMessages && screenTexts(p, p.screenMessages)
    for (const [name, def] of Object.entries(p.screens ?? {})) {
      if (!name || name.includes('/')) throw invalid(`Plugin "${p.id}" has an invalid screen name "${name}"`)
      screens.set(`${p.id}/${name}`, texts ? { ...def, load: () => Promise.all([def.load(), texts()]).then(([module]) => module) } : def)
    }
    for (const [code, reaction] of Object.entries(p.errors ?? {})) {
      const owner = errorOwner.get(code)
      if (owner) throw invalid(`Error code ${code} of plugin "${p.id}" is already declared by ${owner}`)
      errorOwner.set(code, `plugin "${p.id}"`)
      errors[code] = reaction
    }
    addMessages(p, p.messages ?? {})
    for (const m of p.loginMethods ?? []) {
      const owner = methodOwner.get(m.id)
      if (owner) throw invalid(`Login method "${m.id}" of plugin "${p.id}" is already offered by plugin "${owner}"`)
      methodOwner.set(m.id, p.id)
      loginMethods.push(m)
    }
  }

  return { plugins: ordered, screens, errors: Object.freeze(errors), messages, loginMethods }
}

/** Runs plugin setups and keeps their teardowns. */
export interface PluginLifecycle {
  /** The context of each plugin, by id. */
  readonly contexts: ReadonlyMap<string, PluginContext>
  /** Runs every teardown (last set up, first torn down); errors are reported, not thrown. */
  teardown(): void
}

/**
 * Builds each plugin's context and runs its `setup`, in dependency order.
 * @param plugins - plugins in setup order (from {@link mergePlugins}).
 * @param contextFor - builds the context of one plugin (the kernel supplies it).
 * @returns the contexts and a teardown.
 * @example
 * ```ts
 * import { setupPlugins, mergePlugins } from 'portico/kernel'
 * const life = setupPlugins(mergePlugins([]).plugins, () => { throw new Error('no plugins') })
 * life.teardown()
 * ```
 */
export function setupPlugins(
  plugins: readonly PluginDefinition[],
  contextFor: (plugin: PluginDefinition) => PluginContext,
): PluginLifecycle {
  const contexts = new Map<string, PluginContext>()
  const teardowns: { id: string; fn: () => void }[] = []
  for (const p of plugins) {
    const ctx = contextFor(p)
    contexts.set(p.id, ctx)
    const teardown = p.setup?.(ctx as never)
    if (typeof teardown === 'function') teardowns.push({ id: p.id, fn: teardown })
  }
  return {
    contexts,
    teardown() {
      for (const t of teardowns.splice(0).reverse()) {
        try {
          t.fn()
        } catch (err) {
          // One plugin failing to clean up must not keep the others from doing so.
          console.error(`Portico: teardown of plugin "${t.id}" failed`, err)
        }
      }
    },
  }
}
