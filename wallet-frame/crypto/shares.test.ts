import { bytesToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  CryptoInputError,
  ShareMismatchError,
  checkSecret,
  combineShares,
  deriveWalletKey,
  exportWalletKey,
  importWalletKey,
  mnemonicToEntropy,
  newEntropy,
  splitSecret,
  verifierFor,
  type ChainType,
  type SecretKind,
} from './index'

const hex = (bytes: Uint8Array) => bytesToHex(bytes)

/** A wallet's secret with what the server stores beside it: kind, entropyId and verifier. */
interface Wallet {
  name: string
  secret: Uint8Array
  kind: SecretKind
  entropyId: string
  chainType: ChainType
}

function hdWallet(chainType: ChainType): Wallet {
  const secret = newEntropy()
  return { name: `HD ${chainType}`, secret, kind: 'hd', chainType, entropyId: deriveWalletKey(secret, chainType, 0).address }
}

function importedWallet(chainType: ChainType): Wallet {
  // A key made elsewhere and typed in: an HD key of another phrase serves.
  const key = deriveWalletKey(newEntropy(), chainType, 9)
  const imported = importWalletKey(chainType, exportWalletKey(key))
  return { name: `imported ${chainType}`, secret: imported.privateKey, kind: 'imported', chainType, entropyId: imported.address }
}

const wallets = (): Wallet[] => [hdWallet('ethereum'), hdWallet('solana'), importedWallet('ethereum'), importedWallet('solana')]

async function mismatchOf(run: () => unknown | Promise<unknown>): Promise<ShareMismatchError> {
  try {
    await run()
  } catch (error) {
    expect(error).toBeInstanceOf(ShareMismatchError)
    expect((error as ShareMismatchError).code).toBe('share_mismatch')
    return error as ShareMismatchError
  }
  throw new Error('expected a ShareMismatchError')
}

describe('splitting a secret 2-of-3', () => {
  it.each(wallets().map((w) => [w.name, w] as const))('rebuilds a %s secret from every pair of shares, in either order', async (_, wallet) => {
    const [device, auth, recovery] = await splitSecret(wallet.secret)
    const pairs: [Uint8Array, Uint8Array][] = [
      [device, auth],
      [auth, device],
      [device, recovery],
      [recovery, device],
      [auth, recovery],
      [recovery, auth],
    ]
    for (const [a, b] of pairs) {
      const secret = await combineShares(a, b)
      expect(hex(secret)).toBe(hex(wallet.secret))
      checkSecret(secret, wallet.kind, wallet.entropyId, verifierFor(wallet.chainType))
    }
  })

  it('makes shares one byte longer than the secret, none of which holds the secret', async () => {
    for (const secret of [newEntropy(), deriveWalletKey(newEntropy(), 'ethereum', 0).privateKey]) {
      const shares = await splitSecret(secret)
      for (const share of shares) {
        expect(share).toHaveLength(secret.length + 1)
        expect(hex(share.subarray(0, secret.length))).not.toBe(hex(secret))
      }
      // Three distinct x coordinates (the last byte), none of them 0 (the secret's own point).
      expect(new Set(shares.map((share) => share.at(-1))).size).toBe(3)
      expect(shares.every((share) => share.at(-1) !== 0)).toBe(true)
    }
  })

  it('makes new shares each time, so a share of one split cannot pair with a share of another', async () => {
    const wallet = hdWallet('ethereum')
    const first = await splitSecret(wallet.secret)
    const second = await splitSecret(wallet.secret)
    expect(hex(first[0])).not.toBe(hex(second[0]))
    // Mixing splits gives a wrong secret (or a refusal when their x coordinates collide): never the right one used blindly.
    await mismatchOf(async () => {
      checkSecret(await combineShares(first[0], second[1]), wallet.kind, wallet.entropyId, verifierFor(wallet.chainType))
    })
  })

  it('splits only 16-byte entropy and 32-byte keys', async () => {
    for (const secret of [new Uint8Array(0), new Uint8Array(15), new Uint8Array(33), 'secret']) {
      await expect(splitSecret(secret as Uint8Array)).rejects.toBeInstanceOf(CryptoInputError)
    }
  })
})

describe('combining shares that do not belong together', () => {
  it('refuses the same share twice, shares of different lengths and too-short shares', async () => {
    const [device, auth] = await splitSecret(newEntropy())
    const [imported] = await splitSecret(deriveWalletKey(newEntropy(), 'solana', 0).privateKey)
    await mismatchOf(() => combineShares(device, device))
    await mismatchOf(() => combineShares(device, new Uint8Array(device)))
    await mismatchOf(() => combineShares(auth, imported))
    await mismatchOf(() => combineShares(new Uint8Array([1]), new Uint8Array([2])))
  })

  it('refuses shares that are not bytes as bad input', async () => {
    const [device] = await splitSecret(newEntropy())
    await expect(combineShares(device, 'share' as never)).rejects.toBeInstanceOf(CryptoInputError)
    await expect(combineShares(new Uint8Array(0), device)).rejects.toBeInstanceOf(CryptoInputError)
  })
})

describe('checking a reconstructed secret (fail closed)', () => {
  it.each(wallets().map((w) => [w.name, w] as const))(
    'refuses a %s secret rebuilt with any single flipped byte of a share',
    async (_, wallet) => {
      const verifier = verifierFor(wallet.chainType)
      const [device, auth] = await splitSecret(wallet.secret)
      for (let position = 0; position < device.length; position++) {
        const corrupt = new Uint8Array(device)
        corrupt[position] = (corrupt[position] as number) ^ 0x01
        // Either the pair cannot combine (an x coordinate now equal to the other share's) or the
        // secret it gives is not the wallet's: both are a share_mismatch, never a signature.
        await mismatchOf(async () => checkSecret(await combineShares(corrupt, auth), wallet.kind, wallet.entropyId, verifier))
      }
    },
  )

  it('compares Ethereum entropyIds ignoring case and Solana entropyIds exactly', () => {
    const evm = hdWallet('ethereum')
    checkSecret(evm.secret, 'hd', evm.entropyId.toLowerCase(), 'ethereum-address-verifier')
    checkSecret(evm.secret, 'hd', evm.entropyId.toUpperCase().replace('0X', '0x'), 'ethereum-address-verifier')
    const sol = hdWallet('solana')
    checkSecret(sol.secret, 'hd', sol.entropyId, 'solana-address-verifier')
    const swapped = sol.entropyId.replace(/[a-z]/, (c) => c.toUpperCase())
    expect(swapped).not.toBe(sol.entropyId)
    return mismatchOf(() => checkSecret(sol.secret, 'hd', swapped, 'solana-address-verifier'))
  })

  it('checks an HD secret by its wallet 0 on the verifier’s chain, not another index or chain', async () => {
    const entropy = mnemonicToEntropy('test test test test test test test test test test test junk')
    checkSecret(entropy, 'hd', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'ethereum-address-verifier')
    await mismatchOf(() => checkSecret(entropy, 'hd', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'ethereum-address-verifier'))
    await mismatchOf(() => checkSecret(entropy, 'hd', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'solana-address-verifier'))
  })

  it('refuses a secret of the wrong kind or length as a mismatch', async () => {
    const evm = hdWallet('ethereum')
    await mismatchOf(() => checkSecret(evm.secret, 'imported', evm.entropyId, 'ethereum-address-verifier'))
    await mismatchOf(() => checkSecret(new Uint8Array(17), 'hd', evm.entropyId, 'ethereum-address-verifier'))
    // An imported Ethereum secret of zeros is no key at all.
    await mismatchOf(() => checkSecret(new Uint8Array(32), 'imported', evm.entropyId, 'ethereum-address-verifier'))
  })

  it('refuses an unknown verifier, kind or an empty entropyId as bad input', () => {
    const evm = hdWallet('ethereum')
    expect(() => checkSecret(evm.secret, 'hd', evm.entropyId, 'bitcoin-address-verifier' as never)).toThrow(CryptoInputError)
    expect(() => checkSecret(evm.secret, 'raw' as never, evm.entropyId, 'ethereum-address-verifier')).toThrow(CryptoInputError)
    expect(() => checkSecret(evm.secret, 'hd', '', 'ethereum-address-verifier')).toThrow(CryptoInputError)
  })
})

describe('verifiers', () => {
  it('names one verifier per chain', () => {
    expect(verifierFor('ethereum')).toBe('ethereum-address-verifier')
    expect(verifierFor('solana')).toBe('solana-address-verifier')
    expect(() => verifierFor('bitcoin' as never)).toThrow(CryptoInputError)
  })
})
