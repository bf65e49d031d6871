import { describe, expect, it } from 'vitest'
import { farcasterServer } from '../../plugins/farcaster/server'
import { guestServer } from '../../plugins/guest/server'
import { smsServer } from '../../plugins/sms/server'
import { composeServerPlugins } from '../registry'
import type { Db } from '../storage/db'
import { createUserService, type UserRecord } from './users'

// toCompact reads only the record it is given; the database is never touched. The plugins declare
// how their account types show in the identity token.
const users = createUserService(null as unknown as Db, composeServerPlugins([farcasterServer(), smsServer(), guestServer()]))

const record = (accounts: UserRecord['accounts']): UserRecord => ({
  id: 'a'.repeat(25),
  appId: 'b'.repeat(25),
  createdAt: 1_700_000_000_000,
  hasAcceptedTerms: false,
  isGuest: false,
  customMetadata: null,
  accounts,
})

const at = { verifiedAt: 1_700_000_000_000, firstVerifiedAt: 1_700_000_000_000, latestVerifiedAt: 1_700_000_123_000 }

describe('identity token linked account entries', () => {
  it('name a farcaster owner address oa and a phone number phone_number, with lv in seconds', () => {
    const entries = users.toCompact(
      record([
        { type: 'farcaster', identityKey: '42', details: { fid: 42, owner_address: '0xabc', username: 'ada' }, ...at },
        { type: 'phone', identityKey: '+15555550100', details: { phoneNumber: '+15555550100', number: '+15555550100' }, ...at },
      ]),
    )
    expect(entries).toEqual([
      { type: 'farcaster', fid: 42, oa: '0xabc', username: 'ada', lv: 1_700_000_123 },
      { type: 'phone', phone_number: '+15555550100', lv: 1_700_000_123 },
    ])
  })

  it('leave out the guest credential, which is a secret', () => {
    const entries = users.toCompact(record([{ type: 'guest', identityKey: 'hash', details: {}, ...at }]))
    expect(entries).toEqual([])
  })
})
