import { describe, expect, it } from 'vitest'
import { buildSignInMessage, parseSignInMessage, SignInMessageError, type SignInChain, type SignInMessageFields } from './index'

const ethereum: SignInChain = { name: 'Ethereum', address: /^0x[0-9a-fA-F]{40}$/, chainId: /^[1-9]\d{0,15}$/ }
const solana: SignInChain = { name: 'Solana', address: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, chainId: /^[a-z]+$/, compactWithoutStatement: true }

const fields: SignInMessageFields = {
  domain: 'localhost:5173',
  address: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
  uri: 'http://localhost:5173',
  version: '1',
  chainId: '1',
  nonce: 'a1b2c3d4e5f6',
  issuedAt: '2026-01-02T03:04:05.000Z',
}

describe('sign-in messages for several chains', () => {
  it('behavior: one builder writes each chain its own header and the same EIP-4361 lines', () => {
    const eth = buildSignInMessage(ethereum, fields)
    const sol = buildSignInMessage(solana, { ...fields, address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', chainId: 'mainnet' })
    expect(eth.split('\n')[0]).toBe('localhost:5173 wants you to sign in with your Ethereum account:')
    expect(sol.split('\n')[0]).toBe('localhost:5173 wants you to sign in with your Solana account:')
    expect(eth.split('\n').slice(2)).toEqual(sol.split('\n').slice(2).map((l) => l.replace('Chain ID: mainnet', 'Chain ID: 1')))
    expect(parseSignInMessage(ethereum, eth)).toEqual(fields)
  })

  it("error: a message for one chain does not parse as another's, and the builder refuses what the parser would", () => {
    expect(() => parseSignInMessage(solana, buildSignInMessage(ethereum, fields))).toThrow(SignInMessageError)
    expect(() => buildSignInMessage(solana, fields)).toThrow(/Solana address/)
    expect(() => buildSignInMessage(ethereum, { ...fields, issuedAt: 'yesterday' })).toThrow(/Issued At/)
    expect(() => buildSignInMessage(ethereum, { ...fields, uri: 'not a url' })).toThrow(/URI/)
  })

  it('behavior: only a chain that allows it accepts a single empty line before the URI without a statement', () => {
    const eth = buildSignInMessage(ethereum, fields)
    const compact = eth.replace('\n\n\nURI', '\n\nURI')
    expect(compact).not.toBe(eth)
    expect(() => parseSignInMessage(ethereum, compact)).toThrow(/empty line/)
    const sol = compact.replace('Ethereum', 'Solana').replace(fields.address, '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU').replace('Chain ID: 1', 'Chain ID: mainnet')
    expect(parseSignInMessage(solana, sol).statement).toBeUndefined()
  })
})
