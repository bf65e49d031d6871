import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { createKeyPairFromBytes, getAddressFromPublicKey, signatureBytes, verifySignature } from '@solana/kit'
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js'
import { bytesToHex, hexToBytes, recoverMessageAddress, verifyTypedData } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  CryptoInputError,
  deriveWalletKey,
  entropyToMnemonic,
  evmAccount,
  exportWalletKey,
  importWalletKey,
  keyFromSecret,
  mnemonicToEntropy,
  newEntropy,
  signSolanaMessage,
  type WalletKey,
} from './index'

const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2)
const bytes = (h: string) => hexToBytes(`0x${h}`)

/** Anvil's and Hardhat's default phrase: its accounts 0 and 1 are the chains' well-known test accounts. */
const ANVIL = 'test test test test test test test test test test test junk'
/** The phrase of Trezor's firmware test fixtures (common/tests/fixtures/{ethereum,solana}/get*.json). */
const TREZOR = 'all all all all all all all all all all all all'

function expectInputError(run: () => unknown, message: RegExp): CryptoInputError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(CryptoInputError)
    expect((error as CryptoInputError).code).toBe('invalid_data')
    expect((error as Error).message).toMatch(message)
    return error as CryptoInputError
  }
  throw new Error('expected a CryptoInputError')
}

describe('BIP-39 entropy and phrase', () => {
  // Trezor's reference vectors for 128-bit entropy (trezor/python-mnemonic, vectors.json, "english").
  const vectors: [string, string][] = [
    ['00000000000000000000000000000000', 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'],
    ['7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f', 'legal winner thank year wave sausage worth useful legal winner thank yellow'],
    ['80808080808080808080808080808080', 'letter advice cage absurd amount doctor acoustic avoid letter advice cage above'],
    ['ffffffffffffffffffffffffffffffff', 'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong'],
    ['7dce4ed2284c9134d026608ab684c05c', 'lava include region explain simple omit dog slot melt reflect copy reward'],
    ['5baf069620eff15c71dd97c9a6ee328f', 'forum join pitch dove yellow purchase shuffle real situate danger million bunker'],
    ['63deb1e7f0c3de56f4ab43c9d2ae6c86', 'glow void ketchup thunder digital clock sport half six nice open artefact'],
    ['00641669f095b433a304ed0f953f28eb', 'about camera omit thrive forget border metal oval auto prepare sketch stomach'],
  ]

  it.each(vectors)('entropy %s gives the reference phrase and back', (entropy, phrase) => {
    expect(entropyToMnemonic(bytes(entropy))).toBe(phrase)
    expect(hex(mnemonicToEntropy(phrase))).toBe(entropy)
  })

  it('reads a phrase whatever its letter case and spacing', () => {
    expect(hex(mnemonicToEntropy('  Legal WINNER thank year wave sausage\nworth useful legal winner\tthank yellow '))).toBe(
      '7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f',
    )
  })

  it('refuses a phrase whose checksum does not match', () => {
    // The last word carries the checksum: 'abandon' × 12 is twelve words of the list with a wrong one.
    expectInputError(() => mnemonicToEntropy('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon'), /checksum/)
    expectInputError(() => mnemonicToEntropy('legal winner thank year wave sausage worth useful legal winner thank zoo'), /checksum/)
  })

  it('refuses a phrase with a word not in the list, without quoting it', () => {
    const error = expectInputError(() => mnemonicToEntropy('legal winner thank year wave sausage worth useful legal winner thank yellowish'), /not in the BIP-39 list/)
    expect(error.message).not.toContain('yellowish')
  })

  it('refuses phrases of other lengths, including valid 24-word ones', () => {
    expectInputError(() => mnemonicToEntropy('abandon abandon abandon'), /12 words/)
    expectInputError(() => mnemonicToEntropy(`${'abandon '.repeat(23)}art`), /12 words/)
    expectInputError(() => mnemonicToEntropy(''), /12 words/)
  })

  it('makes 12-word phrases only from 16 bytes of entropy', () => {
    expectInputError(() => entropyToMnemonic(new Uint8Array(32)), /16 bytes/)
    expectInputError(() => entropyToMnemonic(new Uint8Array(15)), /16 bytes/)
  })

  it('draws fresh 16-byte entropy each time', () => {
    const a = newEntropy()
    const b = newEntropy()
    expect(a).toHaveLength(16)
    expect(hex(a)).not.toBe(hex(b))
    expect(entropyToMnemonic(a).split(' ')).toHaveLength(12)
  })
})

describe('Ethereum HD wallets (m/44\'/60\'/0\'/0/{index})', () => {
  it("gives anvil's first two accounts for anvil's phrase", () => {
    const entropy = mnemonicToEntropy(ANVIL)
    const first = deriveWalletKey(entropy, 'ethereum', 0)
    const second = deriveWalletKey(entropy, 'ethereum', 1)
    expect(first.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(hex(first.privateKey)).toBe('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    expect(second.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(hex(second.privateKey)).toBe('59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
  })

  it("gives the addresses of Trezor's fixtures at indexes 0 and 100", () => {
    const entropy = mnemonicToEntropy(TREZOR)
    expect(deriveWalletKey(entropy, 'ethereum', 0).address).toBe('0x73d0385F4d8E00C5e6504C6030F47BF6212736A8')
    expect(deriveWalletKey(entropy, 'ethereum', 100).address).toBe('0x1e6E3708a059aEa1241a81c7aAe84b6CDbC54d59')
  })

  it("agrees with viem's own HD accounts, public key included", () => {
    const entropy = newEntropy()
    for (const addressIndex of [0, 1, 7]) {
      const ours = deriveWalletKey(entropy, 'ethereum', addressIndex)
      const viems = mnemonicToAccount(entropyToMnemonic(entropy), { addressIndex })
      expect(ours.address).toBe(viems.address)
      expect(bytesToHex(ours.publicKey)).toBe(viems.publicKey)
    }
  })

  it('refuses wallet indexes that are negative, fractional or hardened', () => {
    const entropy = newEntropy()
    for (const index of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expectInputError(() => deriveWalletKey(entropy, 'ethereum', index), /wallet index/)
    }
    expect(deriveWalletKey(entropy, 'ethereum', 2 ** 31 - 1).address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  it('refuses an unknown chain and entropy of the wrong length', () => {
    expectInputError(() => deriveWalletKey(newEntropy(), 'bitcoin' as never, 0), /chain type/)
    expectInputError(() => deriveWalletKey(new Uint8Array(32), 'ethereum', 0), /16 bytes/)
  })
})

describe('SLIP-10 ed25519 (micro-key-producer)', () => {
  // SLIP-0010, "Test vector 1 for ed25519", seed 000102030405060708090a0b0c0d0e0f.
  const vector1: [string, string, string, string][] = [
    ['m', '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb', '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7', 'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed'],
    ["m/0'", '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69', '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3', '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c'],
    ["m/0'/1'", 'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14', 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2', '1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187'],
    ["m/0'/1'/2'", '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c', '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9', 'ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1'],
    ["m/0'/1'/2'/2'", '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc', '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662', '8abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c'],
    ["m/0'/1'/2'/2'/1000000000'", '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230', '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793', '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a'],
  ]

  it.each(vector1)('derives %s of test vector 1', (path, chainCode, privateKey, publicKey) => {
    const key = Slip10Key.fromMasterSeed(bytes('000102030405060708090a0b0c0d0e0f')).derive(path)
    expect(hex(key.chainCode)).toBe(chainCode)
    expect(hex(key.privateKey)).toBe(privateKey)
    // The public key as the wallet computes it (@noble/curves); SLIP-10 writes it with a 00 prefix.
    expect(hex(ed25519.getPublicKey(key.privateKey))).toBe(publicKey)
  })
})

describe("Solana HD wallets (m/44'/501'/{index}'/0')", () => {
  it("gives the addresses and public key of Trezor's fixtures at indexes 0 and 1", () => {
    const entropy = mnemonicToEntropy(TREZOR)
    const first = deriveWalletKey(entropy, 'solana', 0)
    expect(first.address).toBe('14CCvQzQzHCVgZM3j9soPnXuJXh1RmCfwLVUcdfbZVBS')
    expect(hex(first.publicKey)).toBe('00d1699dcb1811b50bb0055f13044463128242e37a463b52f6c97a1f6eef88ad')
    expect(deriveWalletKey(entropy, 'solana', 1).address).toBe('CqPFGxxzrE2bgLGC98x9rYix7Nq17mh8L7pWseJt3c9N')
  })

  it("gives the well-known first address of the 'abandon … about' test phrase", () => {
    const entropy = mnemonicToEntropy('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')
    expect(deriveWalletKey(entropy, 'solana', 0).address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })

  it('makes keys that @solana/kit accepts, with the same address, and signatures it verifies', async () => {
    const key = deriveWalletKey(newEntropy(), 'solana', 3)
    const pair = await createKeyPairFromBytes(base58.decode(exportWalletKey(key)))
    expect(await getAddressFromPublicKey(pair.publicKey)).toBe(key.address)
    const message = new TextEncoder().encode('Sign in to example.com')
    const signature = signatureBytes(signSolanaMessage(key, message))
    expect(await verifySignature(pair.publicKey, signature, message)).toBe(true)
    expect(await verifySignature(pair.publicKey, signature, new TextEncoder().encode('something else'))).toBe(false)
  })
})

describe('imported keys', () => {
  const ANVIL_0 = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

  it('reads an Ethereum key with or without 0x, in either case, trimmed', () => {
    for (const input of [`0x${ANVIL_0}`, ANVIL_0, ANVIL_0.toUpperCase(), `  0x${ANVIL_0}\n`]) {
      const key = importWalletKey('ethereum', input)
      expect(key.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
      expect(hex(key.privateKey)).toBe(ANVIL_0)
    }
  })

  it('refuses Ethereum keys of the wrong length or with non-hex characters, without quoting them', () => {
    for (const input of [ANVIL_0.slice(2), `${ANVIL_0}00`, `0x${ANVIL_0.slice(1)}`, `${ANVIL_0.slice(1)}g`, '', `0X${ANVIL_0}`]) {
      const error = expectInputError(() => importWalletKey('ethereum', input), /64 hexadecimal characters/)
      if (input !== '') expect(error.message).not.toContain(input.slice(4, 20))
    }
  })

  it('refuses Ethereum keys outside the curve order', () => {
    expectInputError(() => importWalletKey('ethereum', '00'.repeat(32)), /not a valid secp256k1 key/)
    expectInputError(() => importWalletKey('ethereum', 'ff'.repeat(32)), /not a valid secp256k1 key/)
    // n, the group order itself.
    expectInputError(() => importWalletKey('ethereum', 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'), /not a valid secp256k1 key/)
  })

  // A published ed25519 pair: SLIP-0010 test vector 1 for ed25519 at m/0' (private key and public key).
  const SEED = bytes('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3')
  const PUBLIC = bytes('8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c')
  const OTHER_PUBLIC = bytes('1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187')
  const concat = (a: Uint8Array, b: Uint8Array) => new Uint8Array([...a, ...b])

  it('reads a Solana 64-byte secret key (seed then public key) and a 32-byte seed to the same wallet', () => {
    const address = base58.encode(PUBLIC)
    const fromPair = importWalletKey('solana', base58.encode(concat(SEED, PUBLIC)))
    const fromSeed = importWalletKey('solana', ` ${base58.encode(SEED)} `)
    for (const key of [fromPair, fromSeed]) {
      expect(key.address).toBe(address)
      expect(hex(key.privateKey)).toBe(hex(SEED))
      expect(hex(key.publicKey)).toBe(hex(PUBLIC))
    }
  })

  it('refuses a Solana secret key whose public half belongs to another key', () => {
    expectInputError(() => importWalletKey('solana', base58.encode(concat(SEED, OTHER_PUBLIC))), /public half/)
  })

  it('refuses Solana keys that are not base58 or not 32 or 64 bytes, without quoting them', () => {
    const notBase58 = `0${base58.encode(SEED).slice(1)}`
    const error = expectInputError(() => importWalletKey('solana', notBase58), /not valid base58/)
    expect(error.message).not.toContain(notBase58.slice(0, 12))
    expectInputError(() => importWalletKey('solana', base58.encode(SEED.subarray(0, 31))), /64-byte secret key or of a 32-byte seed/)
    expectInputError(() => importWalletKey('solana', base58.encode(concat(SEED, SEED.subarray(0, 16)))), /64-byte secret key or of a 32-byte seed/)
    expectInputError(() => importWalletKey('solana', ''), /64-byte secret key or of a 32-byte seed/)
    // An Ethereum hex key is no Solana key (its 0x is not base58).
    expectInputError(() => importWalletKey('solana', `0x${ANVIL_0}`), /not valid base58/)
  })

  it('exports keys in the form import reads back, on both chains', () => {
    const entropy = newEntropy()
    for (const chainType of ['ethereum', 'solana'] as const) {
      const key = deriveWalletKey(entropy, chainType, 2)
      const again = importWalletKey(chainType, exportWalletKey(key))
      expect(again.address).toBe(key.address)
      expect(hex(again.privateKey)).toBe(hex(key.privateKey))
    }
    expect(exportWalletKey(importWalletKey('ethereum', ANVIL_0))).toBe(`0x${ANVIL_0}`)
  })
})

describe('keys from a reconstructed secret', () => {
  it('derives HD wallets from entropy at the given index', () => {
    const entropy = mnemonicToEntropy(ANVIL)
    expect(keyFromSecret(entropy, 'hd', 'ethereum', 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(keyFromSecret(mnemonicToEntropy(TREZOR), 'hd', 'solana', 1).address).toBe('CqPFGxxzrE2bgLGC98x9rYix7Nq17mh8L7pWseJt3c9N')
  })

  it('uses an imported key as it is, whatever the index', () => {
    const imported = importWalletKey('ethereum', 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    for (const index of [0, 5]) {
      expect(keyFromSecret(imported.privateKey, 'imported', 'ethereum', index).address).toBe(imported.address)
    }
    const solana = deriveWalletKey(newEntropy(), 'solana', 0)
    expect(keyFromSecret(solana.privateKey, 'imported', 'solana', 4).address).toBe(solana.address)
  })

  it('refuses secrets of the wrong length for their kind, and unknown kinds', () => {
    expectInputError(() => keyFromSecret(new Uint8Array(16), 'imported', 'ethereum', 0), /32 bytes/)
    expectInputError(() => keyFromSecret(new Uint8Array(32), 'hd', 'solana', 0), /16 bytes/)
    expectInputError(() => keyFromSecret(new Uint8Array(32), 'raw' as never, 'solana', 0), /secret kind/)
  })
})

describe('signing helpers', () => {
  const ethereumKey: WalletKey = importWalletKey('ethereum', '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

  it('gives a viem account that signs messages and typed data as the wallet’s address', async () => {
    const account = evmAccount(ethereumKey)
    expect(account.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    const signature = await account.signMessage({ message: 'hello' })
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(account.address)
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 1 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'hi' },
    } as const
    const typedSignature = await account.signTypedData(typed)
    expect(await verifyTypedData({ ...typed, address: account.address, signature: typedSignature })).toBe(true)
  })

  it('signs Solana messages with ed25519 (RFC 8032 test 1)', () => {
    // RFC 8032 §7.1 TEST 1: the empty message under this secret key.
    const key = importWalletKey('solana', base58.encode(bytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60')))
    expect(hex(key.publicKey)).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a')
    expect(hex(signSolanaMessage(key, new Uint8Array()))).toBe(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    )
  })

  it('refuses to sign with a key of the other chain', () => {
    const solanaKey = deriveWalletKey(newEntropy(), 'solana', 0)
    expectInputError(() => signSolanaMessage(ethereumKey, new Uint8Array(1)), /solana key/)
    expectInputError(() => evmAccount(solanaKey), /ethereum key/)
    expectInputError(() => signSolanaMessage(solanaKey, 'text' as never), /Uint8Array/)
  })
})
