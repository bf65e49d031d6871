import { describe, expect, it } from 'vitest'
import { createSiweMessage as viemCreate, parseSiweMessage as viemParse } from 'viem/siwe'
import { SIWE_RESOURCE, SIWE_STATEMENT, SiweParseError, createSiweMessage, parseSiweMessage, type SiweMessageFields } from './message'

const base: SiweMessageFields = {
  domain: 'localhost:5173',
  address: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
  statement: SIWE_STATEMENT,
  uri: 'http://localhost:5173',
  version: '1',
  chainId: 1,
  nonce: 'a1b2c3d4e5f6a7b8',
  issuedAt: new Date('2026-01-02T03:04:05.678Z'),
  resources: [SIWE_RESOURCE],
}

describe('createSiweMessage', () => {
  it('default: writes the lines in the EIP-4361 order with the fixed statement and resource', () => {
    expect(createSiweMessage(base)).toBe(
      [
        'localhost:5173 wants you to sign in with your Ethereum account:',
        '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
        '',
        SIWE_STATEMENT,
        '',
        'URI: http://localhost:5173',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: a1b2c3d4e5f6a7b8',
        'Issued At: 2026-01-02T03:04:05.678Z',
        'Resources:',
        '- https://privy.io',
      ].join('\n'),
    )
  })

  it('behavior: matches what viem builds for the same fields, optional lines included', () => {
    const full = {
      ...base,
      expirationTime: new Date('2026-01-02T03:14:05.000Z'),
      notBefore: new Date('2026-01-02T03:00:00.000Z'),
      requestId: 'req-1',
    }
    expect(createSiweMessage(full)).toBe(viemCreate({ ...full, address: full.address as `0x${string}` }))
    const noStatement = { ...base, statement: undefined }
    expect(createSiweMessage(noStatement)).toBe(viemCreate({ ...noStatement, address: base.address as `0x${string}` }))
  })

  it('error: refuses fields that would make an unparseable message', () => {
    expect(() => createSiweMessage({ ...base, statement: 'two\nlines' })).toThrow(SiweParseError)
    expect(() => createSiweMessage({ ...base, nonce: 'short' })).toThrow(/nonce/)
    expect(() => createSiweMessage({ ...base, address: '0x123' })).toThrow(/address/)
    expect(() => createSiweMessage({ ...base, chainId: 0 })).toThrow(/chain id/)
    expect(() => createSiweMessage({ ...base, domain: 'https://evil.example' })).toThrow(/domain/)
  })
})

describe('parseSiweMessage', () => {
  it('behavior: reads back every field it wrote', () => {
    const full: SiweMessageFields = {
      ...base,
      expirationTime: new Date('2026-01-02T03:14:05.000Z'),
      notBefore: new Date('2026-01-02T03:00:00.000Z'),
      requestId: 'req-1',
      resources: [SIWE_RESOURCE, 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq'],
    }
    expect(parseSiweMessage(createSiweMessage(full))).toEqual(full)
    const bare = { ...base, statement: undefined, resources: undefined }
    const parsed = parseSiweMessage(createSiweMessage(bare))
    expect(parsed.statement).toBeUndefined()
    expect(parsed.resources).toBeUndefined()
    expect(parsed.nonce).toBe(base.nonce)
  })

  it('behavior: agrees with viem on a message viem built', () => {
    const text = viemCreate({ ...base, address: base.address as `0x${string}`, chainId: 8453 })
    const ours = parseSiweMessage(text)
    const theirs = viemParse(text)
    expect(ours.address).toBe(theirs.address)
    expect(ours.chainId).toBe(theirs.chainId)
    expect(ours.nonce).toBe(theirs.nonce)
    expect(ours.domain).toBe(theirs.domain)
    expect(ours.uri).toBe(theirs.uri)
    expect(ours.issuedAt.getTime()).toBe(theirs.issuedAt!.getTime())
  })

  it('behavior: an optional scheme before the domain is accepted and dropped', () => {
    const text = createSiweMessage(base).replace(/^localhost/, 'https://localhost')
    expect(parseSiweMessage(text).domain).toBe('localhost:5173')
  })

  it('error: refuses messages that are out of order, truncated, padded or malformed', () => {
    const good = createSiweMessage(base)
    const bad = [
      good.replace('wants you to sign in', 'asks you to sign in'),
      good.replace(base.address, '0x1234'),
      good.replace('Version: 1', 'Version: 2'),
      good.replace('Chain ID: 1', 'Chain ID: one'),
      good.replace('Chain ID: 1', 'Chain ID: 01'),
      good.replace('Nonce: a1b2c3d4e5f6a7b8', 'Nonce: abc'),
      good.replace('Issued At: 2026-01-02T03:04:05.678Z', 'Issued At: yesterday'),
      good.replace('URI: http://localhost:5173\nVersion: 1', 'Version: 1\nURI: http://localhost:5173'),
      good + '\nExtra: line',
      good + '\n',
      good.split('\nNonce')[0]!,
      good.replace('- https://privy.io', 'https://privy.io'),
      good.replace(`\n${SIWE_STATEMENT}\n`, `\n${SIWE_STATEMENT}\nsecond line\n`),
      good.replace(/\n/g, '\r\n'),
      '',
    ]
    for (const text of bad) expect(() => parseSiweMessage(text), JSON.stringify(text)).toThrow(SiweParseError)
  })
})
