import { hkdfSync } from 'node:crypto'
import { argon2id, argon2idAsync } from '@noble/hashes/argon2.js'
import { base64urlnopad } from '@scure/base'
import { bytesToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  CryptoInputError,
  PASSCODE_KDF,
  RecoveryKeyError,
  SEALED_SHARE_VERSIONS,
  decryptShare,
  encryptShare,
  legacyPasscodeKey,
  newRecoveryKey,
  newSalt,
  passcodeKeys,
  splitSecret,
} from './index'

const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2)
const ENTROPY_ID = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

async function aRecoveryShare(): Promise<Uint8Array> {
  const [, , recovery] = await splitSecret(crypto.getRandomValues(new Uint8Array(16)))
  return recovery
}

async function refusedAsWrongKey(run: () => Promise<unknown>): Promise<void> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RecoveryKeyError)
  expect((error as RecoveryKeyError).code).toBe('invalid_recovery_pin')
}

/** A sealed share with one byte of one part (1: the IV, 2: the ciphertext and tag) changed. */
function alter(sealed: string, part: 1 | 2, index: number): string {
  const parts = sealed.split('.')
  const bytes = base64urlnopad.decode(parts[part] as string)
  bytes[index] = (bytes[index] as number) ^ 0x80
  parts[part] = base64urlnopad.encode(bytes)
  return parts.join('.')
}

describe('sealing the recovery share', () => {
  it('opens what it sealed with the same key and entropyId', async () => {
    const share = await aRecoveryShare()
    const key = newRecoveryKey()
    const sealed = await encryptShare(share, key, ENTROPY_ID)
    expect(hex(await decryptShare(sealed, key, ENTROPY_ID))).toBe(hex(share))
  })

  it("writes 'v2.' + base64url(12-byte IV) + '.' + base64url(ciphertext and 16-byte tag)", async () => {
    const share = await aRecoveryShare()
    const sealed = await encryptShare(share, newRecoveryKey(), ENTROPY_ID)
    expect(SEALED_SHARE_VERSIONS).toEqual(['v1', 'v2'])
    expect(sealed).toMatch(/^v2\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/)
    const [, iv, data] = sealed.split('.') as [string, string, string]
    expect(base64urlnopad.decode(iv)).toHaveLength(12)
    expect(base64urlnopad.decode(data)).toHaveLength(share.length + 16)
  })

  it('uses a fresh IV each time', async () => {
    const share = await aRecoveryShare()
    const key = newRecoveryKey()
    const [a, b] = await Promise.all([encryptShare(share, key, ENTROPY_ID), encryptShare(share, key, ENTROPY_ID)])
    expect(a.split('.')[1]).not.toBe(b.split('.')[1])
    expect(a).not.toBe(b)
  })

  it('refuses a wrong key, an altered IV or ciphertext or tag, and another wallet’s entropyId', async () => {
    const share = await aRecoveryShare()
    const key = newRecoveryKey()
    const sealed = await encryptShare(share, key, ENTROPY_ID)
    await refusedAsWrongKey(() => decryptShare(sealed, newRecoveryKey(), ENTROPY_ID))
    await refusedAsWrongKey(() => decryptShare(alter(sealed, 1, 0), key, ENTROPY_ID))
    await refusedAsWrongKey(() => decryptShare(alter(sealed, 2, 0), key, ENTROPY_ID))
    await refusedAsWrongKey(() => decryptShare(alter(sealed, 2, share.length + 15), key, ENTROPY_ID))
    await refusedAsWrongKey(() => decryptShare(sealed, key, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'))
    // The entropyId is bound byte for byte: its case matters here, even for an Ethereum address.
    await refusedAsWrongKey(() => decryptShare(sealed, key, ENTROPY_ID.toLowerCase()))
    // A ciphertext cut short still parses but no longer authenticates.
    const [version, iv, data] = sealed.split('.') as [string, string, string]
    const shortened = base64urlnopad.encode(base64urlnopad.decode(data).subarray(0, -1))
    await refusedAsWrongKey(() => decryptShare([version, iv, shortened].join('.'), key, ENTROPY_ID))
  })

  it('refuses text that is not a sealed share as bad input', async () => {
    const key = newRecoveryKey()
    const sealed = await encryptShare(await aRecoveryShare(), key, ENTROPY_ID)
    const [, iv, data] = sealed.split('.') as [string, string, string]
    const shortIv = base64urlnopad.encode(new Uint8Array(8))
    for (const text of [
      `v3.${iv}.${data}`,
      `V2.${iv}.${data}`,
      `${iv}.${data}`,
      `v1.${iv}.${data}.x`,
      `v1.${iv}.${data}=`,
      `v1.${iv}.${data.replace(/.$/, '+')}`,
      `v1.${shortIv}.${data}`,
      `v1.${iv}.${base64urlnopad.encode(new Uint8Array(16))}`,
      '',
      42 as never,
    ]) {
      await expect(decryptShare(text, key, ENTROPY_ID)).rejects.toBeInstanceOf(CryptoInputError)
    }
  })

  it('takes only 32-byte keys, non-empty shares and a non-empty entropyId', async () => {
    const share = await aRecoveryShare()
    await expect(encryptShare(share, new Uint8Array(16), ENTROPY_ID)).rejects.toBeInstanceOf(CryptoInputError)
    await expect(encryptShare(new Uint8Array(0), newRecoveryKey(), ENTROPY_ID)).rejects.toBeInstanceOf(CryptoInputError)
    await expect(encryptShare(share, newRecoveryKey(), '')).rejects.toBeInstanceOf(CryptoInputError)
    const sealed = await encryptShare(share, newRecoveryKey(), ENTROPY_ID)
    await expect(decryptShare(sealed, new Uint8Array(31), ENTROPY_ID)).rejects.toBeInstanceOf(CryptoInputError)
  })

  it('draws fresh 32-byte recovery keys and 16-byte salts', () => {
    expect(newRecoveryKey()).toHaveLength(32)
    expect(newSalt()).toHaveLength(16)
    expect(hex(newRecoveryKey())).not.toBe(hex(newRecoveryKey()))
    expect(hex(newSalt())).not.toBe(hex(newSalt()))
  })
})

describe('the password KDF', () => {
  const SALT = new TextEncoder().encode('portico-kdf-salt') // 16 bytes

  it("uses Argon2id with OWASP's minimum parameters", () => {
    expect(PASSCODE_KDF).toEqual({ algorithm: 'argon2id', m: 19456, t: 2, p: 1, dkLen: 32 })
    expect(Object.isFrozen(PASSCODE_KDF)).toBe(true)
  })

  // `printf 'correct horse battery staple' | argon2 portico-kdf-salt -id -t 2 -k 19456 -p 1 -l 32 -r`
  // (the phc-winner-argon2 command-line tool, 20171227).
  const REFERENCE = 'd1e319a3ed1568af17d506d5f4d0681b395e059f3de23bfed6182f81f8c2423b'

  it('gives, as the v1 key, the output the Argon2 reference implementation gives for these parameters', async () => {
    expect(hex(await legacyPasscodeKey('correct horse battery staple', SALT))).toBe(REFERENCE)
  })

  it("derives the v2 key and verifier from that output with HKDF-SHA-256 under two labels (checked against Node's HKDF)", async () => {
    const { key, verifier } = await passcodeKeys('correct horse battery staple', SALT)
    const nodeHkdf = (info: string) => hex(new Uint8Array(hkdfSync('sha256', Buffer.from(REFERENCE, 'hex'), new Uint8Array(0), info, 32)))
    expect(hex(key)).toBe(nodeHkdf('portico/embedded-wallet/v2/recovery-share-key'))
    expect(hex(verifier)).toBe(nodeHkdf('portico/embedded-wallet/v2/password-verifier'))
  })

  it('gives a verifier independent of the key: neither equals the other nor the v1 key', async () => {
    const salt = newSalt()
    const { key, verifier } = await passcodeKeys('Tr0ub4dor&3', salt)
    const legacy = await legacyPasscodeKey('Tr0ub4dor&3', salt)
    expect(key).toHaveLength(32)
    expect(verifier).toHaveLength(32)
    expect(new Set([hex(key), hex(verifier), hex(legacy)]).size).toBe(3)
    // What the server holds (the verifier) does not open the share.
    const sealed = await encryptShare(await aRecoveryShare(), key, ENTROPY_ID)
    await refusedAsWrongKey(() => decryptShare(sealed, verifier, ENTROPY_ID))
  })

  it('reads the password in Unicode NFKC form', async () => {
    // `printf 'fish' | argon2 portico-kdf-salt -id -t 2 -k 19456 -p 1 -l 32 -r`; 'ﬁ' is the fi ligature.
    const reference = '4481df6bd0f3e18f98b5ef96d0b2a52a1d42a286372bb9d5895dc0fc4d3e7aac'
    expect(hex(await legacyPasscodeKey('\ufb01sh', SALT))).toBe(reference)
    expect(hex((await passcodeKeys('\ufb01sh', SALT)).verifier)).toBe(hex((await passcodeKeys('fish', SALT)).verifier))
  })

  it('is deterministic for one password and salt, and differs with the salt or the password', async () => {
    const salt = newSalt()
    const [a, b, otherSalt, otherPassword] = await Promise.all([
      passcodeKeys('Tr0ub4dor&3', salt),
      passcodeKeys('Tr0ub4dor&3', salt),
      passcodeKeys('Tr0ub4dor&3', newSalt()),
      passcodeKeys('Tr0ub4dor&4', salt),
    ])
    expect(hex(b.key)).toBe(hex(a.key))
    expect(hex(b.verifier)).toBe(hex(a.verifier))
    for (const other of [otherSalt, otherPassword]) {
      expect(hex(other.key)).not.toBe(hex(a.key))
      expect(hex(other.verifier)).not.toBe(hex(a.verifier))
    }
  })

  it('opens a password-sealed share with the password and refuses a wrong one', async () => {
    const share = await aRecoveryShare()
    const salt = newSalt()
    const sealed = await encryptShare(share, (await passcodeKeys('my recovery password', salt)).key, ENTROPY_ID)
    expect(hex(await decryptShare(sealed, (await passcodeKeys('my recovery password', salt)).key, ENTROPY_ID))).toBe(hex(share))
    await refusedAsWrongKey(async () => decryptShare(sealed, (await passcodeKeys('my recovery passwore', salt)).key, ENTROPY_ID))
    // A v2 share does not open with the v1 derivation of the right password.
    await refusedAsWrongKey(async () => decryptShare(sealed, await legacyPasscodeKey('my recovery password', salt), ENTROPY_ID))
  })

  it('still opens a v1 share sealed before v2 existed, with the v1 key of its password only', async () => {
    // Sealed by the v1 code (the share bytes 1..17) under 'correct horse battery staple' and this salt.
    const v1 = 'v1.sJtbavLoWMjpZ_69.9qPB-4Zc4xpOlhWIP2l0Wt3m1K83luRI48OzQGPYn7aW'
    const share = await decryptShare(v1, await legacyPasscodeKey('correct horse battery staple', SALT), ENTROPY_ID)
    expect(Array.from(share)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1))
    await refusedAsWrongKey(async () => decryptShare(v1, (await passcodeKeys('correct horse battery staple', SALT)).key, ENTROPY_ID))
    await refusedAsWrongKey(async () => decryptShare(v1, await legacyPasscodeKey('correct horse battery stapler', SALT), ENTROPY_ID))
  })

  it('refuses an empty password and a salt shorter than 16 bytes', async () => {
    for (const derive of [passcodeKeys, legacyPasscodeKey]) {
      await expect(derive('', newSalt())).rejects.toBeInstanceOf(CryptoInputError)
      await expect(derive('password', new Uint8Array(15))).rejects.toBeInstanceOf(CryptoInputError)
      await expect(derive('password', 'salt' as never)).rejects.toBeInstanceOf(CryptoInputError)
    }
  })
})

describe('the Argon2id implementation (@noble/hashes)', () => {
  it('gives the RFC 9106 §5.3 Argon2id test vector', () => {
    const tag = argon2id(new Uint8Array(32).fill(1), new Uint8Array(16).fill(2), {
      t: 3,
      m: 32,
      p: 4,
      dkLen: 32,
      key: new Uint8Array(8).fill(3),
      personalization: new Uint8Array(12).fill(4),
    })
    expect(hex(tag)).toBe('0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659')
  })

  it('gives the reference test suite’s Argon2id vector for t=2, 64 MiB, p=1 through the async variant', async () => {
    // phc-winner-argon2 src/test.c: argon2id, v=0x13, t=2, m=2^16 KiB, p=1, "password", "somesalt".
    const tag = await argon2idAsync('password', 'somesalt', { t: 2, m: 65536, p: 1, dkLen: 32 })
    expect(hex(tag)).toBe('09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7')
  })
})
