import { describe, expect, it } from 'vitest'
import { generateKeyPairSync } from 'node:crypto'
import { buildSiwsMessage, parseSiwsMessage, SIWS_STATEMENT } from './message'
import { base58Decode, base58Encode, isSolanaAddress } from './base58'

const address = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const input = {
  domain: 'localhost:5173',
  address,
  uri: 'http://localhost:5173',
  nonce: 'abc12345',
  issuedAt: '2026-01-02T03:04:05.000Z',
}

describe('buildSiwsMessage', () => {
  it('behavior: writes the Solana header, the fixed statement, Version 1 and Chain ID mainnet', () => {
    expect(buildSiwsMessage(input)).toBe(
      [
        'localhost:5173 wants you to sign in with your Solana account:',
        address,
        '',
        'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.',
        '',
        'URI: http://localhost:5173',
        'Version: 1',
        'Chain ID: mainnet',
        'Nonce: abc12345',
        'Issued At: 2026-01-02T03:04:05.000Z',
        'Resources:',
        '- https://privy.io',
      ].join('\n'),
    )
  })
})

describe('parseSiwsMessage', () => {
  it('behavior: reads back every field the builder writes', () => {
    const text = buildSiwsMessage({ ...input, expirationTime: '2026-01-02T03:14:05.000Z', requestId: 'r1' })
    expect(parseSiwsMessage(text)).toEqual({
      ...input,
      statement: SIWS_STATEMENT,
      version: '1',
      chainId: 'mainnet',
      expirationTime: '2026-01-02T03:14:05.000Z',
      requestId: 'r1',
      resources: ['https://privy.io'],
    })
  })

  it('behavior: accepts a message without statement or resources', () => {
    const text = buildSiwsMessage({ ...input, resources: [] }).replace(`\n\n${SIWS_STATEMENT}`, '')
    expect(parseSiwsMessage(text)).toMatchObject({ statement: '', resources: [], nonce: 'abc12345' })
  })

  it('behavior: refuses an Ethereum header, a wrong version, a missing nonce and trailing text', () => {
    const text = buildSiwsMessage(input)
    expect(parseSiwsMessage(text.replace('Solana account', 'Ethereum account'))).toBeNull()
    expect(parseSiwsMessage(text.replace('Version: 1', 'Version: 2'))).toBeNull()
    expect(parseSiwsMessage(text.replace('Nonce: abc12345\n', ''))).toBeNull()
    expect(parseSiwsMessage(text + '\nextra')).toBeNull()
    expect(parseSiwsMessage('')).toBeNull()
  })
})

describe('base58', () => {
  it('behavior: round-trips bytes, keeping leading zeros as 1s', () => {
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112')
    expect(base58Encode(new Uint8Array(32))).toBe('11111111111111111111111111111111')
    for (let n = 0; n < 50; n++) {
      const bytes = crypto.getRandomValues(new Uint8Array(n % 40))
      expect(base58Decode(base58Encode(bytes))).toEqual(bytes)
    }
  })

  it('behavior: matches the known encoding of a text', () => {
    expect(base58Encode(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
  })

  it('behavior: an ed25519 public key makes an address; other lengths and characters do not', () => {
    const { publicKey } = generateKeyPairSync('ed25519')
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
    expect(isSolanaAddress(base58Encode(raw))).toBe(true)
    expect(isSolanaAddress(address)).toBe(true)
    expect(isSolanaAddress(address.slice(0, 30))).toBe(false)
    expect(isSolanaAddress('0OIl' + address.slice(4))).toBe(false)
    expect(base58Decode('0')).toBeNull()
  })
})
