import { describe, expect, it } from 'vitest'
import { parseInitData, readTelegramReturn, stripTelegramParams } from './url'

const HASH = 'a'.repeat(64)

describe('readTelegramReturn', () => {
  it('reads the widget redirect parameters, numbers as numbers and optional fields only when present', () => {
    const r = readTelegramReturn(`https://app.example/?app=x&id=42&first_name=Ada&username=ada&auth_date=1700000000&hash=${HASH}`)
    expect(r).toEqual({ id: 42, first_name: 'Ada', username: 'ada', auth_date: 1700000000, hash: HASH })
  })

  it('ignores a page whose id, hash or auth_date is missing or malformed', () => {
    expect(readTelegramReturn('https://app.example/?id=42&auth_date=1')).toBeNull()
    expect(readTelegramReturn(`https://app.example/?id=abc&auth_date=1&hash=${HASH}`)).toBeNull()
    expect(readTelegramReturn('https://app.example/?id=1&auth_date=1&hash=short')).toBeNull()
  })
})

describe('stripTelegramParams', () => {
  it('removes exactly the seven widget parameters and keeps the rest of the address', () => {
    const href = `https://app.example/p?app=x&id=1&hash=${HASH}&auth_date=1&first_name=A&last_name=B&username=c&photo_url=u&oauth=popup#top`
    expect(stripTelegramParams(href)).toBe('https://app.example/p?app=x&oauth=popup#top')
  })
})

describe('parseInitData', () => {
  it('decodes every field and keeps user as its JSON text', () => {
    const user = '{"id":42,"first_name":"Ada & co"}'
    const initData = new URLSearchParams({ query_id: 'Q', user, auth_date: '1700000000', hash: HASH, signature: 'sig' }).toString()
    expect(parseInitData(initData)).toEqual({ query_id: 'Q', user, auth_date: '1700000000', hash: HASH, signature: 'sig' })
  })

  it('answers null without hash, auth_date or user', () => {
    expect(parseInitData('auth_date=1&hash=x')).toBeNull()
    expect(parseInitData('')).toBeNull()
  })
})
