import { argon2id, argon2idAsync } from '@noble/hashes/argon2.js'
import { base64urlnopad } from '@scure/base'
import { bytesToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  CryptoInputError,
  PASSCODE_KDF,
  RecoveryKeyError,
  decryptShare,
  encryptShare,
  newRecoveryKey,
  newSalt,
  passcodeKey,
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

  it("writes 'v1.' + base64url(12-byte IV) + '.' + base64url(ciphertext and 16-byte tag)", async () => {
    const share = await aRecoveryShare()
    const sealed = await encryptShare(share, newRecoveryKey(), ENTROPY_ID)
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/)
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
      `v2.${iv}.${data}`,
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

  it('gives the key the Argon2 reference implementation gives for these parameters', async () => {
    // `printf 'correct horse battery staple' | argon2 portico-kdf-salt -id -t 2 -k 19456 -p 1 -l 32 -r`
    // (the phc-winner-argon2 command-line tool, 20171227).
    expect(hex(await passcodeKey('correct horse battery staple', SALT))).toBe('d1e319a3ed1568af17d506d5f4d0681b395e059f3de23bfed6182f81f8c2423b')
  })

  it('reads the password in Unicode NFKC form', async () => {
    // `printf 'fish' | argon2 portico-kdf-salt -id -t 2 -k 19456 -p 1 -l 32 -r`; 'ﬁ' is the fi ligature.
    const reference = '4481df6bd0f3e18f98b5ef96d0b2a52a1d42a286372bb9d5895dc0fc4d3e7aac'
    expect(hex(await passcodeKey('\ufb01sh', SALT))).toBe(reference)
  })

  it('is deterministic for one password and salt, and differs with the salt or the password', async () => {
    const salt = newSalt()
    const [a, b, otherSalt, otherPassword] = await Promise.all([
      passcodeKey('Tr0ub4dor&3', salt),
      passcodeKey('Tr0ub4dor&3', salt),
      passcodeKey('Tr0ub4dor&3', newSalt()),
      passcodeKey('Tr0ub4dor&4', salt),
    ])
    expect(a).toHaveLength(32)
    expect(hex(b)).toBe(hex(a))
    expect(hex(otherSalt)).not.toBe(hex(a))
    expect(hex(otherPassword)).not.toBe(hex(a))
  })

  it('opens a password-sealed share with the password and refuses a wrong one', async () => {
    const share = await aRecoveryShare()
    const salt = newSalt()
    const sealed = await encryptShare(share, await passcodeKey('my recovery password', salt), ENTROPY_ID)
    expect(hex(await decryptShare(sealed, await passcodeKey('my recovery password', salt), ENTROPY_ID))).toBe(hex(share))
    await refusedAsWrongKey(async () => decryptShare(sealed, await passcodeKey('my recovery passwore', salt), ENTROPY_ID))
  })

  it('refuses an empty password and a salt shorter than 16 bytes', async () => {
    await expect(passcodeKey('', newSalt())).rejects.toBeInstanceOf(CryptoInputError)
    await expect(passcodeKey('password', new Uint8Array(15))).rejects.toBeInstanceOf(CryptoInputError)
    await expect(passcodeKey('password', 'salt' as never)).rejects.toBeInstanceOf(CryptoInputError)
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
