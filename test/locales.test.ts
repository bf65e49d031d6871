/**
 * The locale files: each `<folder>/locales/<locale>.ts` holds exactly the English keys of its folder,
 * with the same placeholders, and every shipped locale has a file in every first-party folder.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkLocaleTable, SUPPORTED_LOCALES, type MessageTable } from '../kernel/index'
import { kernelMessages } from '../kernel/messages/en'
import { uiMessages } from '../ui/messages/en'
import { captchaMessages } from '../plugins/captcha/messages/en'
import { crossAppMessages } from '../plugins/cross-app/messages/en'
import { customAuthMessages } from '../plugins/custom-auth/messages/en'
import { delegatedActionsMessages } from '../plugins/delegated-actions/messages/en'
import { emailMessages } from '../plugins/email/messages/en'
import { embeddedWalletScreenMessages } from '../plugins/embedded-wallets/screens/messages'
import { farcasterMessages } from '../plugins/farcaster/messages/en'
import { fundingMessages } from '../plugins/funding/messages'
import { bridgeMessages } from '../plugins/funding-bridge/index'
import { coinbaseMessages } from '../plugins/funding-coinbase/messages'
import { moonpayMessages } from '../plugins/funding-moonpay/messages'
import { fundingReceiveMessages } from '../plugins/funding-receive/messages'
import { fundingWalletMessages } from '../plugins/funding-wallet/messages'
import { guestMessages } from '../plugins/guest/messages/en'
import { mfaMessages } from '../plugins/mfa/messages/en'
import { mfaPasskeyMessages } from '../plugins/mfa-passkey/messages/en'
import { mfaSmsMessages } from '../plugins/mfa-sms/messages/en'
import { mfaTotpMessages } from '../plugins/mfa-totp/messages/en'
import { oauthMessages } from '../plugins/oauth/messages/en'
import { passkeyMessages } from '../plugins/passkey/messages/en'
import { siweMessages } from '../plugins/siwe/messages/en'
import { siwsMessages } from '../plugins/siws/messages/en'
import { smartWalletMessages } from '../plugins/smart-wallets/messages/en'
import { smsMessages } from '../plugins/sms/messages/en'
import { solanaMessages } from '../plugins/solana/messages/en'
import { telegramMessages } from '../plugins/telegram/messages/en'
import { transactionScreenMessages } from '../plugins/transactions/screens/messages'
import { walletConnectMessages } from '../plugins/wallet-connect/messages/en'
import { walletMessages } from '../plugins/wallets/messages'
import { walletScreenMessages } from '../plugins/wallets/screens/messages'
import { magicLinkMessages } from '../examples/magic-link/messages/en'
import { bankTransferMessages } from '../examples/funding-skeleton/messages'
import { magicLink } from '../examples/magic-link/index'
import { createPortico } from '../kernel/kernel'
import { createMemoryStorage } from '../kernel/storage'

const ROOT = join(import.meta.dirname, '..')

/** Every folder with English tables, and the union of its tables (a plugin's `messages` and `screenMessages`). */
const ENGLISH: Record<string, MessageTable> = {
  kernel: kernelMessages,
  ui: uiMessages,
  'plugins/captcha': captchaMessages,
  'plugins/cross-app': crossAppMessages,
  'plugins/custom-auth': customAuthMessages,
  'plugins/delegated-actions': delegatedActionsMessages,
  'plugins/email': emailMessages,
  'plugins/embedded-wallets': embeddedWalletScreenMessages,
  'plugins/farcaster': farcasterMessages,
  'plugins/funding': fundingMessages,
  'plugins/funding-bridge': bridgeMessages,
  'plugins/funding-coinbase': coinbaseMessages,
  'plugins/funding-moonpay': moonpayMessages,
  'plugins/funding-receive': fundingReceiveMessages,
  'plugins/funding-wallet': fundingWalletMessages,
  'plugins/guest': guestMessages,
  'plugins/mfa': mfaMessages,
  'plugins/mfa-passkey': mfaPasskeyMessages,
  'plugins/mfa-sms': mfaSmsMessages,
  'plugins/mfa-totp': mfaTotpMessages,
  'plugins/oauth': oauthMessages,
  'plugins/passkey': passkeyMessages,
  'plugins/siwe': siweMessages,
  'plugins/siws': siwsMessages,
  'plugins/smart-wallets': smartWalletMessages,
  'plugins/sms': smsMessages,
  'plugins/solana': solanaMessages,
  'plugins/telegram': telegramMessages,
  'plugins/transactions': transactionScreenMessages,
  'plugins/wallet-connect': walletConnectMessages,
  'plugins/wallets': { ...walletMessages, ...walletScreenMessages },
  'examples/magic-link': magicLinkMessages,
  'examples/funding-skeleton': bankTransferMessages,
}

/** The folders whose locales ship with the package (examples stand for third-party plugins). */
const FIRST_PARTY = Object.keys(ENGLISH).filter((f) => !f.startsWith('examples/'))

/** The locale files of a folder, by locale tag. */
function localeFiles(folder: string): Map<string, string> {
  const dir = join(ROOT, folder, 'locales')
  if (!existsSync(dir)) return new Map()
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => [f.slice(0, -3), join(dir, f)]),
  )
}

/** Source files (not tests) under a folder, its subfolders but not `locales/`, `node_modules` or `test/`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return ['locales', 'node_modules', 'test', 'dist', 'page'].includes(name) ? [] : sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('the locale checker', () => {
  const english = { HI: 'Hi {name}', BYE: 'Bye' }

  it('passes a table with the same keys and placeholders', () => {
    expect(checkLocaleTable(english, { HI: 'Salut {name}', BYE: 'Au revoir' })).toEqual([])
  })

  it('fails a table that lacks a key or has one English does not', () => {
    expect(checkLocaleTable(english, { HI: 'Salut {name}' })).toEqual(['BYE: missing'])
    expect(checkLocaleTable(english, { HI: 'Salut {name}', BYE: 'Au revoir', HELLO: 'Bonjour' })).toEqual(['HELLO: not an English key'])
  })

  it('fails a text whose placeholders differ from the English text', () => {
    expect(checkLocaleTable(english, { HI: 'Salut {nom}', BYE: 'Au revoir' })).toEqual(['HI: placeholders {nom}, English has {name}'])
    expect(checkLocaleTable(english, { HI: 'Salut', BYE: 'Au revoir {name}' })).toEqual([
      'HI: placeholders none, English has {name}',
      'BYE: placeholders {name}, English has none',
    ])
  })

  it('fails an empty text and a default export that is not a table', () => {
    expect(checkLocaleTable(english, { HI: '{name}', BYE: ' ' })).toEqual(['BYE: not a text'])
    expect(checkLocaleTable(english, undefined)).toEqual(['the default export is not a table of texts'])
  })
})

describe('the English tables', () => {
  it('are all listed here: every folder that declares texts is checked', () => {
    const declaring = ['kernel', 'ui', ...['plugins', 'examples'].flatMap((top) => readdirSync(join(ROOT, top)).map((d) => `${top}/${d}`))]
      .filter((folder) => statSync(join(ROOT, folder)).isDirectory())
      .filter((folder) =>
        sources(join(ROOT, folder)).some((f) => /[/\\]messages(?:[/\\]en)?\.ts$/.test(f) || /= defineMessages\(/.test(readFileSync(f, 'utf8'))),
      )
    expect(declaring.sort()).toEqual(Object.keys(ENGLISH).sort())
  })

  it("each folder's plugin loads its locales from the folder's locales/ files", () => {
    const entry: Record<string, string> = { kernel: 'kernel/locale.ts', ui: 'ui/plugin.ts' }
    for (const folder of Object.keys(ENGLISH).filter((f) => f !== 'examples/funding-skeleton')) {
      const text = readFileSync(join(ROOT, entry[folder] ?? `${folder}/index.ts`), 'utf8')
      expect(text, folder).toContain('import(`./locales/${locale}.ts`)')
    }
  })
})

describe('each locale file', () => {
  const files = Object.keys(ENGLISH).flatMap((folder) => [...localeFiles(folder)].map(([locale, path]) => ({ folder, locale, path })))

  it('is named for a locale and imports nothing (its chunk is its texts)', () => {
    for (const { folder, locale, path } of files) {
      if (FIRST_PARTY.includes(folder)) expect(SUPPORTED_LOCALES, `${folder}/locales/${locale}.ts`).toContain(locale)
      expect(locale, `${folder}/locales/${locale}.ts`).not.toBe('en')
      expect(readFileSync(path, 'utf8'), `${folder}/locales/${locale}.ts`).not.toMatch(/^\s*import\s/m)
    }
  })

  it('holds exactly the English keys of its folder, with the same placeholders', async () => {
    for (const { folder, locale, path } of files) {
      const module = (await import(pathToFileURL(path).href)) as { default: unknown }
      expect(checkLocaleTable(ENGLISH[folder]!, module.default), `${folder}/locales/${locale}.ts`).toEqual([])
    }
  })
})

describe('the shipped locales', () => {
  it('each locale present in one first-party folder is present in all of them', () => {
    const present = new Set(FIRST_PARTY.flatMap((folder) => [...localeFiles(folder).keys()]))
    for (const locale of present) {
      const lacking = FIRST_PARTY.filter((folder) => !localeFiles(folder).has(locale))
      expect(lacking, `folders without locales/${locale}.ts`).toEqual([])
    }
  })
})

describe('a third-party plugin', () => {
  it('gets the same door: the magic-link example shows the texts of its own locales/fr.ts', async () => {
    const kernel = createPortico({ appId: 'a'.repeat(25), storage: createMemoryStorage(), plugins: [magicLink()], locale: 'fr' })
    try {
      await kernel.setLocale('fr')
      expect(kernel.state.locale.tag).toBe('fr')
      expect(kernel.t('MAGIC_LINK_SUBMIT')).toBe('Envoyer le lien')
      expect(kernel.t('MAGIC_LINK_SENT_SUBTITLE', { email: 'a@b.fr', minutes: 15 })).toContain('a@b.fr')
    } finally {
      kernel.destroy()
    }
  })
})
