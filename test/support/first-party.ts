/**
 * The repository's own server plugins, found by folder: every `plugins/<id>/server.ts` and its
 * `<id>Server` factory, for the tests that run the whole server (the route contract, the fuzzing).
 * @module
 */
import { existsSync, readdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerPlugin } from '../../server/plugin'

const pluginsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../plugins') + '/'

/** The ids of the plugins that have a server half, sorted. */
export const serverPluginIds: readonly string[] = readdirSync(pluginsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(`${pluginsDir}${d.name}/server.ts`))
  .map((d) => d.name)
  .sort()

const camel = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/**
 * A plugin's server half, built with its defaults.
 * @param id - the plugin's id (its folder).
 * @returns the server plugin.
 */
export async function firstPartyServerPlugin(id: string): Promise<ServerPlugin> {
  const mod = (await import(`../../plugins/${id}/server.ts`)) as Record<string, unknown>
  return (mod[`${camel(id)}Server`] as () => ServerPlugin)()
}

/** Every first-party server plugin, built with its defaults. */
export function firstPartyServerPlugins(): Promise<ServerPlugin[]> {
  return Promise.all(serverPluginIds.map(firstPartyServerPlugin))
}
