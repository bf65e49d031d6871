/**
 * `portico keys generate|rotate`: the key that seals app secrets at rest (`PORTICO_ENCRYPTION_KEY`).
 * @module
 */
import { join, resolve } from 'node:path'
import { existsSync, readFileSync } from 'node:fs'
import { resealAppSecrets } from '../apps'
import { createSecretBox, generateEncryptionKey } from '../secrets'
import { serverMigrations } from '../server'
import { runMigrations } from '../storage/migrations'
import { openDatabase, serverPlugins, serverRegistry, type Env } from './runtime'

/** Where the keys come from: the environment, else the data folder's file (written by `npm start`). */
function configuredKeys(env: Env, dataDir: string): { keys: string; source: string } {
  if (env.PORTICO_ENCRYPTION_KEY) return { keys: env.PORTICO_ENCRYPTION_KEY, source: 'PORTICO_ENCRYPTION_KEY' }
  const file = join(dataDir, 'encryption-key')
  if (existsSync(file)) return { keys: readFileSync(file, 'utf8').trim(), source: file }
  throw new Error(`No encryption key: set PORTICO_ENCRYPTION_KEY (or run where ${file} exists; npm start writes it).`)
}

/**
 * `portico keys generate` prints a new key; `portico keys rotate` reseals every app secret with the
 * first configured key, opening them with any listed key (`PORTICO_ENCRYPTION_KEY=new,old`). With
 * the embedded database the server must be stopped (the data folder is locked while it runs).
 * @param command - `generate` or `rotate`.
 * @param env - the environment (`PORTICO_ENCRYPTION_KEY`, `DATABASE_URL`, `PORTICO_DATA_DIR`).
 * @param cwd - the folder a relative data folder resolves against.
 * @param out - where results go.
 * @returns nothing; throws with a readable message on failure (a wrong key changes nothing).
 * @example
 * ```ts
 * await runKeys('rotate', { PORTICO_ENCRYPTION_KEY: `${newKey},${oldKey}`, PORTICO_DATA_DIR: '.portico' }, process.cwd(), console.log)
 * ```
 */
export async function runKeys(command: 'generate' | 'rotate', env: Env, cwd: string, out: (t: string) => void): Promise<void> {
  if (command === 'generate') {
    out(generateEncryptionKey())
    return
  }
  const dataDir = resolve(cwd, env.PORTICO_DATA_DIR || '.portico')
  const { keys, source } = configuredKeys(env, dataDir)
  const secrets = createSecretBox(keys)
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir, secrets })
  try {
    await runMigrations(db, serverMigrations(serverPlugins(env)))
    const { apps, resealed } = await resealAppSecrets(db, serverRegistry(env))
    out(`Resealed ${resealed} of ${apps} app(s) with key ${secrets.keyId} (the first key of ${source}).`)
    if (secrets.keyIds.length > 1) {
      out(`Every secret now opens with that key alone: keep only the first key in ${source} and restart the servers.`)
    }
  } finally {
    await db.close()
  }
}
