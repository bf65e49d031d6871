/**
 * The server's delegation keys: `PORTICO_DELEGATION_KEY` lists one or more X25519 private keys,
 * newest first (`new,old`, as the server's other key variables). The newest is the one the frame
 * seals to (its public key is what `GET /delegated_actions/key` answers); the older ones still open
 * what was sealed to them, and what they open is resealed to the newest, on use or by
 * `portico keys rotate`. A key taken off the list opens nothing any more: the delegations sealed to
 * it end (the wallet API answers `user_has_not_delegated_wallet`; the users delegate again).
 * @module
 */
import { base64urlnopad, hex } from '@scure/base'
import { delegationPublicKey, DELEGATION_KEY_BYTES, DelegationSealError, openDelegatedKey, sealDelegatedKey, type DelegationBinding } from '../../../protocols/delegation'
import type { Db, SealedData } from '../../../server'
import type { DelegatedWalletRow } from './store'

/** The environment variable of the delegation private keys (32 bytes each, base64url or hex; newest first, comma-separated). */
export const DELEGATION_KEY_ENV = 'PORTICO_DELEGATION_KEY'

/** Reads one 32-byte key in base64url or hex. */
function readKey(text: string): Uint8Array {
  const trimmed = text.trim()
  let bytes: Uint8Array | null
  try {
    bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? hex.decode(trimmed.toLowerCase()) : base64urlnopad.decode(trimmed.replace(/=+$/, ''))
  } catch {
    bytes = null
  }
  if (!bytes || bytes.length !== DELEGATION_KEY_BYTES) throw new TypeError(`${DELEGATION_KEY_ENV} holds keys of 32 bytes, base64url or hex (newest first, comma-separated).`)
  return bytes
}

/** A key opened: the wallet's private key, and whether it was sealed to an older delegation key. */
export interface OpenedDelegation {
  key: Uint8Array
  /** Sealed to an older key of the list: reseal it to the newest. */
  stale: boolean
}

/** The delegation keys, newest first. */
export interface DelegationKeys {
  /** The newest key's public key (base64url), which the frame seals to. */
  readonly publicKey: string
  /**
   * Opens a sealed wallet key with the newest key, else with the older ones in order.
   * @throws `DelegationSealError` (of `portico/protocols/delegation`) when no listed key opens it for this binding.
   */
  open(sealed: string, binding: DelegationBinding): Promise<OpenedDelegation>
  /** Seals a wallet key to the newest key. */
  seal(key: Uint8Array, binding: DelegationBinding): Promise<string>
}

/**
 * Reads the delegation keys.
 * @param value - the keys: a comma-separated list (newest first) or an array.
 * @returns the keys, or null when none is given.
 * @throws TypeError for a malformed key.
 * @example
 * ```ts
 * const keys = delegationKeys(process.env.PORTICO_DELEGATION_KEY)
 * ```
 */
export function delegationKeys(value: string | readonly string[] | undefined): DelegationKeys | null {
  const list = (typeof value === 'string' ? value.split(',') : [...(value ?? [])]).filter((k) => k.trim() !== '').map(readKey)
  const newest = list[0]
  if (!newest) return null
  const newestPublic = delegationPublicKey(newest)
  return {
    publicKey: base64urlnopad.encode(newestPublic),
    async open(sealed, binding) {
      for (const [index, privateKey] of list.entries()) {
        try {
          return { key: await openDelegatedKey(sealed, privateKey, binding), stale: index > 0 }
        } catch (error) {
          if (!(error instanceof DelegationSealError)) throw error
        }
      }
      throw new DelegationSealError('The sealed key opens with none of the delegation keys.')
    },
    seal: (key, binding) => sealDelegatedKey(key, newestPublic, binding),
  }
}

/** The binding of a stored delegation (`did:privy:` user ids, as the frame seals them). */
export const bindingOf = (appId: string, row: Pick<DelegatedWalletRow, 'user_id' | 'chain_type' | 'address'>): DelegationBinding => ({
  appId,
  userId: `did:privy:${row.user_id}`,
  chainType: row.chain_type,
  address: row.address,
})

/**
 * The stored delegations as sealed data of the server (`portico keys rotate`): resealing rewrites
 * each one sealed to an older key to the newest, and ends each one no listed key opens (taking a key
 * off the list is how an operator ends the delegations sealed to it). Checking refuses nothing.
 * @param keys - the delegation keys.
 * @param end - ends a delegation in a transaction: removes its row and clears the wallet's `delegated` flag.
 * @returns the sealed data's handlers.
 */
export function delegationSealedData(keys: DelegationKeys, end: (tx: Db, row: DelegatedWalletRow & { app_id: string }) => Promise<void>): SealedData {
  return {
    label: 'delegated wallet keys',
    async check() {
      // Nothing to refuse: see above.
    },
    async reseal(db: Db) {
      const rows = await db.query<DelegatedWalletRow & { app_id: string }>('SELECT app_id, identity_key, address, user_id, chain_type, sealed_key FROM delegated_wallets')
      let resealed = 0
      for (const row of rows) {
        const binding = bindingOf(row.app_id, row)
        const opened = await keys.open(row.sealed_key, binding).catch((error: unknown) => {
          if (error instanceof DelegationSealError) return null
          throw error
        })
        if (!opened) {
          // Ended, unless the row changed since it was read (a new consent sealed to the newest key).
          await db.transaction(async (tx) => {
            const [still] = await tx.query<{ identity_key: string }>(
              'SELECT identity_key FROM delegated_wallets WHERE app_id = $1 AND identity_key = $2 AND sealed_key = $3 FOR UPDATE',
              [row.app_id, row.identity_key, row.sealed_key],
            )
            if (still) await end(tx, row)
          })
          continue
        }
        try {
          if (!opened.stale) continue
          const sealed = await keys.seal(opened.key, binding)
          // Only if the row is still the one read (a consent or a call may have rewritten it since).
          const updated = await db.query('UPDATE delegated_wallets SET sealed_key = $1 WHERE app_id = $2 AND identity_key = $3 AND sealed_key = $4 RETURNING identity_key', [
            sealed,
            row.app_id,
            row.identity_key,
            row.sealed_key,
          ])
          resealed += updated.length
        } finally {
          opened.key.fill(0)
        }
      }
      return resealed
    },
  }
}
