import { describe, expect, it } from 'vitest'
import * as walletCrypto from './index'
import { CryptoInputError, fromBase64, toBase64 } from './index'

describe('base64 on the wire', () => {
  // RFC 4648 §10 test vectors.
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ]

  it.each(vectors)('encodes %j as %j and back (RFC 4648)', (text, encoded) => {
    const bytes = new TextEncoder().encode(text)
    expect(toBase64(bytes)).toBe(encoded)
    expect(new TextDecoder().decode(fromBase64(encoded))).toBe(text)
  })

  it('uses the standard alphabet with padding', () => {
    expect(toBase64(new Uint8Array([0xfb, 0xff]))).toBe('+/8=')
  })

  it('refuses unpadded, URL-alphabet, spaced or non-canonical text', () => {
    for (const text of ['Zg', '-_8=', 'Zm9v YmFy', ' Zm9v', 'Zm9v\n', 'Zh==', '=', 'Zm9v!']) {
      expect(() => fromBase64(text), text).toThrow(CryptoInputError)
    }
    expect(() => fromBase64(null as never)).toThrow(CryptoInputError)
    expect(() => toBase64('text' as never)).toThrow(CryptoInputError)
  })
})

describe('the module’s public surface', () => {
  it('exports exactly the names the wallet frame codes against', () => {
    expect(Object.keys(walletCrypto).sort()).toEqual([
      'CryptoInputError',
      'PASSCODE_KDF',
      'RecoveryKeyError',
      'SEALED_SHARE_VERSIONS',
      'ShareMismatchError',
      'checkSecret',
      'combineShares',
      'decryptShare',
      'deriveWalletKey',
      'encryptShare',
      'entropyToMnemonic',
      'evmAccount',
      'exportWalletKey',
      'fromBase64',
      'importWalletKey',
      'keyFromSecret',
      'legacyPasscodeKey',
      'mnemonicToEntropy',
      'newEntropy',
      'newRecoveryKey',
      'newSalt',
      'passcodeKeys',
      'signSolanaMessage',
      'splitSecret',
      'toBase64',
      'verifierFor',
    ])
  })

  it('gives every error the code the frame answers with', () => {
    expect(new walletCrypto.CryptoInputError('x').code).toBe('invalid_data')
    expect(new walletCrypto.ShareMismatchError().code).toBe('share_mismatch')
    expect(new walletCrypto.RecoveryKeyError().code).toBe('invalid_recovery_pin')
    expect(new walletCrypto.ShareMismatchError().name).toBe('ShareMismatchError')
  })
})
