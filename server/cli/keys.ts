/**
 * `portico keys generate|rotate`: the keys that seal secrets at rest: the app secrets
 * (`PORTICO_ENCRYPTION_KEY`) and what plugins seal under keys of their own (the embedded wallet's
 * `PORTICO_WALLET_SHARE_KEY` and `PORTICO_WALLET_RECOVERY_KEY`, delegated actions'
 * `PORTICO_DELEGATION_KEY`).
 * @module
 */
import { resolve } from 'node:path'
import { resealAppSecrets } from '../apps'
import { withRequiredPlugins } from '../registry'
import { createSecretBox, generateEncryptionKey } from '../secrets'
import { serverMigrations } from '../server'
import { runMigrations } from '../storage/migrations'
import { DATA_DIR_KEYS, openDatabase, serverPlugins, serverRegistry, withDataDirKeys, type Env } from './runtime'

/**
 * `portico keys generate` prints a new key; `portico keys rotate` reseals every app secret with the
 * first key of `PORTICO_ENCRYPTION_KEY`, and every embedded wallet secret with the first keys of
 * `PORTICO_WALLET_SHARE_KEY` and `PORTICO_WALLET_RECOVERY_KEY`, and every delegated wallet key with
 * the first key of `PORTICO_DELEGATION_KEY`, opening them with any listed key (`KEY=new,old`). A key missing from the environment is read from the data folder's file (`npm
 * start` writes them). With the embedded database the server must be stopped (the data folder is
 * locked while it runs).
 * @param command - `generate` or `rotate`.
 * @param env - the environment (the keys, `DATABASE_URL`, `PORTICO_DATA_DIR`).
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
  const full = withDataDirKeys(env, dataDir)
  const source = env.PORTICO_ENCRYPTION_KEY ? 'PORTICO_ENCRYPTION_KEY' : resolve(dataDir, DATA_DIR_KEYS.PORTICO_ENCRYPTION_KEY!)
  if (!full.PORTICO_ENCRYPTION_KEY) {
    throw new Error(`No encryption key: set PORTICO_ENCRYPTION_KEY (or run where ${source} exists; npm start writes it).`)
  }
  const secrets = createSecretBox(full.PORTICO_ENCRYPTION_KEY)
  const plugins = withRequiredPlugins(serverPlugins(full))
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir, secrets })
  try {
    await runMigrations(db, serverMigrations(plugins))
    // Every key is checked before anything is rewritten: a wrong key changes nothing.
    for (const p of plugins) await p.sealedData?.check(db)
    const { apps, resealed } = await resealAppSecrets(db, serverRegistry(full))
    out(`Resealed ${resealed} of ${apps} app(s) with key ${secrets.keyId} (the first key of ${source}).`)
    for (const p of plugins) {
      if (p.sealedData) out(`Resealed ${await p.sealedData.reseal(db)} ${p.sealedData.label} with the first of their keys.`)
    }
    const rotating = Object.keys(DATA_DIR_KEYS).filter((name) => (full[name] ?? '').includes(','))
    if (rotating.length > 0) {
      out(`Every secret now opens with the first key alone: keep only the first key of ${rotating.join(', ')} and restart the servers.`)
    }
  } finally {
    await db.close()
  }
}
