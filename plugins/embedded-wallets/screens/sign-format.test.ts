/**
 * What the sign-request screen shows: readable personal_sign messages and typed data.
 */
import { describe, expect, it } from 'vitest'
import { personalMessageText, readTypedData } from './sign-format'

const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

describe('personal_sign message', () => {
  it('decodes hex to UTF-8 text when it is printable, with line breaks and non-Latin letters', () => {
    expect(personalMessageText(hex('Hello, world!\nNonce: 42\tok'))).toEqual({ text: 'Hello, world!\nNonce: 42\tok', hex: false })
    expect(personalMessageText(hex('Grüße 👋 日本'))).toEqual({ text: 'Grüße 👋 日本', hex: false })
  })

  it('keeps hex that is not UTF-8, holds control bytes, or is empty', () => {
    expect(personalMessageText('0xdeadbeef')).toEqual({ text: '0xdeadbeef', hex: true })
    expect(personalMessageText('0x48656c6c6f00')).toEqual({ text: '0x48656c6c6f00', hex: true })
    expect(personalMessageText('0x1b5b33316d')).toEqual({ text: '0x1b5b33316d', hex: true })
    expect(personalMessageText('0x')).toEqual({ text: '0x', hex: true })
    // A right-to-left override would make the text read differently from what is signed.
    expect(personalMessageText(hex('pay \u202Eevil')).hex).toBe(true)
  })

  it('shows a message that is not hex as it is', () => {
    expect(personalMessageText('Sign in to Acme')).toEqual({ text: 'Sign in to Acme', hex: false })
    expect(personalMessageText('0xabc')).toEqual({ text: '0xabc', hex: false })
  })
})

describe('typed data', () => {
  const mail = {
    types: {
      EIP712Domain: [{ name: 'name', type: 'string' }],
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallets', type: 'address[]' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
    message: { from: { name: 'Cow', wallets: ['0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826', '0xDeaDbeefdEAdbeefdEadbEEFdeadbeEFdEaDbeeF'] }, contents: 'Hello, Bob!', amount: 10n, ok: true },
  }

  it('lists the domain, the primary type and the message fields nested, arrays numbered', () => {
    expect(readTypedData(mail)).toEqual({
      domain: [
        { label: 'name', value: 'Ether Mail' },
        { label: 'version', value: '1' },
        { label: 'chainId', value: '1' },
        { label: 'verifyingContract', value: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      ],
      primaryType: 'Mail',
      message: [
        {
          label: 'from',
          fields: [
            { label: 'name', value: 'Cow' },
            {
              label: 'wallets',
              fields: [
                { label: '#1', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
                { label: '#2', value: '0xDeaDbeefdEAdbeefdEadbEEFdeadbeEFdEaDbeeF' },
              ],
            },
          ],
        },
        { label: 'contents', value: 'Hello, Bob!' },
        { label: 'amount', value: '10' },
        { label: 'ok', value: 'true' },
      ],
    })
  })

  it('reads typed data given as JSON text', () => {
    const { amount: _, ...message } = mail.message
    expect(readTypedData(JSON.stringify({ ...mail, message }))?.message[1]).toEqual({ label: 'contents', value: 'Hello, Bob!' })
  })

  it('refuses what is not typed data', () => {
    expect(readTypedData('not json')).toBeNull()
    expect(readTypedData({ domain: {} })).toBeNull()
    expect(readTypedData(['a'])).toBeNull()
  })
})
