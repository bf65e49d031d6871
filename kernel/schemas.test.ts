import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { defineLinkedAccount, User, userSchema } from './schemas'

const times = { verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const user = (accounts: unknown[]) => ({
  id: 'did:privy:cl9useraaaaaaaaaaaaaaaaaa',
  created_at: 1,
  linked_accounts: accounts,
  mfa_methods: [],
  has_accepted_terms: false,
  is_guest: false,
})

describe('linked-account schemas plugins declare', () => {
  const Note = defineLinkedAccount('note', { text: v.string() })

  it('default: without declarations any account with a type and verification times validates', () => {
    expect(v.is(User, user([{ type: 'note', ...times }, { type: 'unknown_kind', extra: 1, ...times }]))).toBe(true)
    expect(v.is(User, user([{ type: 'note' }]))).toBe(false)
  })

  it('behavior: a declared type is checked with its own schema; other types stay open', () => {
    const Declared = userSchema([Note])
    expect(v.is(Declared, user([{ type: 'note', text: 'hi', ...times }, { type: 'other', ...times }]))).toBe(true)
    const missing = v.safeParse(Declared, user([{ type: 'note', ...times }]))
    expect(missing.success).toBe(false)
    expect(missing.issues?.[0]?.message).toMatch(/does not match the schema of its type/)
    expect(v.is(Declared, user([{ type: 'note', text: 3, ...times }]))).toBe(false)
  })
})
