/**
 * The server half of the plugin contract (Node environment: the server runs here for real).
 */
import { readdirSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, resolve } from 'node:path'
import { describe, it, expect } from 'vitest'
import type { ServerPlugin } from '../../server/plugin'
import { collectRoutes } from '../../server/plugin'
import { createTestInstance } from '../../server/testing'

const pluginsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../plugins') + '/'
const ids = readdirSync(pluginsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(`${pluginsDir}${d.name}/server.ts`))
  .map((d) => d.name)
  .sort()
const camel = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

async function serverPlugin(id: string): Promise<ServerPlugin> {
  const mod = (await import(`../../plugins/${id}/server.ts`)) as Record<string, unknown>
  return (mod[`${camel(id)}Server`] as () => ServerPlugin)()
}

describe.each(ids)('server plugin %s', (id) => {
  it('behavior: every POST route refuses a body its request schema rejects with 400 invalid_data', async () => {
    const server = await serverPlugin(id)
    // The test instance checks every answer against its route's response schema (a mismatch is a 500).
    const instance = await createTestInstance({ plugins: [server] })
    try {
      for (const r of collectRoutes([server])) {
        if (r.route.method !== 'POST') continue
        const res = await instance.request(r.route.path, { method: r.route.method, body: { unexpected: 42 } })
        expect(res.status, `${r.key} with a wrong body`).toBe(400)
        expect(res.body).toMatchObject({ code: 'invalid_data' })
      }
    } finally {
      await instance.close()
    }
  })
})
