/**
 * Typed message keys: every key of a registered English table (first-party or a third party's,
 * declared through `portico/kernel`) is a `MessageKey`, and a misspelt one is a type error wherever a
 * key is taken. The `@ts-expect-error` lines below fail `tsc -p .` when such a typo stops being an
 * error; the run-time assertions check what the same calls show.
 */
import { describe, expect, it } from 'vitest'
import { createPortico } from '../kernel/kernel'
import { createMemoryStorage } from '../kernel/storage'
import { defineErrorCodes } from '../kernel/errors'
import { textOf, type MessageKey, type MessageRef, type Translate } from '../kernel/messages'
import type { MessageOverrides } from '../kernel/locale'
import type { LoginMethodDefinition } from '../kernel/login'
import type { FundingMethod } from '../plugins/funding'
import { email } from '../plugins/email'
import { magicLink } from '../examples/magic-link'
import { bankTransfer } from '../examples/funding-skeleton'
import { TEST_APP_ID } from './support/ui-harness-data'

const overrides: MessageOverrides = { en: { EMAIL_SUBMIT: 'Get my code' } }
// @ts-expect-error: a host's override of a key no table has (EMAIL_SUMBIT) is refused.
const misspeltOverride: MessageOverrides = { fr: { EMAIL_SUMBIT: 'Recevoir mon code' } }

function kernel() {
  return createPortico({
    appId: TEST_APP_ID,
    apiUrl: 'http://127.0.0.1:9',
    plugins: [email(), magicLink(), bankTransfer()],
    storage: createMemoryStorage(),
    autoRefresh: false,
    messages: overrides,
  })
}

describe('typed message keys', () => {
  it('behavior: a first-party key translates; a misspelt one is a type error and shows as the key', () => {
    const k = kernel()
    expect(k.t('EMAIL_SUBMIT')).toBe('Get my code')
    expect(k.t('PORTICO_GENERIC_TITLE')).toBe('Something went wrong')
    // @ts-expect-error: misspelt first-party key.
    expect(k.t('EMAIL_SUMBIT')).toBe('EMAIL_SUMBIT')
    expect(Object.keys(misspeltOverride)).toEqual(['fr'])
    k.destroy()
  })

  it('behavior: a third-party key declared through portico/kernel is typed the same way', () => {
    const k = kernel()
    expect(k.t('MAGIC_LINK_SUBMIT')).toBe('Send link')
    expect(k.t('BANK_TRANSFER_TILE')).toBe('Pay by bank transfer')
    // @ts-expect-error: misspelt third-party key.
    expect(k.t('MAGIC_LINK_SUBMT')).toBe('MAGIC_LINK_SUBMT')
    k.destroy()
  })

  it('behavior: labels given as data take a key, a key with values, or a text as it is', () => {
    const k = kernel()
    const t: Translate = k.t
    const refs: MessageRef[] = ['EMAIL_SUBMIT', { key: 'MAGIC_LINK_SENT_SUBTITLE', values: { email: 'a@b.co', minutes: 15 } }, { text: 'Acme ID' }]
    expect(refs.map((ref) => textOf(t, ref))).toEqual([
      'Get my code',
      'We sent a sign-in link to a@b.co. Open it in this browser within 15 minutes.',
      'Acme ID',
    ])
    // @ts-expect-error: a literal text is not a label; it must be `{ text }`.
    const method: LoginMethodDefinition = { id: 'x', group: 'web2', label: 'Continue with X', enabledBy: [], screen: 'x/start' }
    // @ts-expect-error: a funding tile's label is checked too.
    const tile: FundingMethod = { id: 'voucher', method: 'voucher', label: 'BANK_TRANSFER_TILLE', screen: 'x/pay' }
    expect([method.label, tile.label].map((ref) => textOf(t, ref))).toEqual(['Continue with X', 'BANK_TRANSFER_TILLE'])
    k.destroy()
  })

  it('behavior: an error table names existing message keys', () => {
    // A code that is itself a key needs no `message`.
    const errors = defineErrorCodes('EMAIL', { EMAIL_INVALID_CODE: { from: ['invalid_credentials'], inline: true } })
    // @ts-expect-error: a misspelt message key.
    const misspelt = defineErrorCodes('EMAIL', { EMAIL_OTHER: { inline: true, message: 'EMAIL_INVALID_CODDE' } })
    // @ts-expect-error: a code that is no key shows a text only through `message`.
    const textless = defineErrorCodes('EMAIL', { EMAIL_OTHER: { inline: true } })
    const key: MessageKey = 'EMAIL_INVALID_CODE'
    expect([errors, misspelt, textless].flatMap((table) => Object.keys(table))).toEqual([key, 'EMAIL_OTHER', 'EMAIL_OTHER'])
  })
})
