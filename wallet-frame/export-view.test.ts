// @vitest-environment jsdom
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KEY_FRAME_TEXTS, MAX_KEY_FRAME_TEXT_LENGTH, type FrameWallet } from '../protocols/wallet-frame'
import { deriveWalletKey, entropyToMnemonic, exportWalletKey, importWalletKey, type WalletKey } from './crypto'
import { applyLook, COPY_CONFIRMATION_MS, exportHandlers } from './export-view'
import { FrameFailure } from './errors'
import { exportParams as paramsOf } from './export-params'
import type { WalletService } from './wallets'

const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln'
const ENTROPY = new Uint8Array(16).fill(9)
const evm = deriveWalletKey(ENTROPY, 'ethereum', 0)
const sol = deriveWalletKey(ENTROPY, 'solana', 0)

/** The export frame's operations over a service that holds one HD secret (or one imported key). */
function setup(options: { imported?: boolean; importResult?: (key: WalletKey) => Promise<FrameWallet> } = {}) {
  const clear = vi.fn(async () => ({ cleared: true as const }))
  const imported: WalletKey[] = []
  const service = {
    exportKey: vi.fn(async (p: { chainType: 'ethereum' | 'solana' }) => ({ key: p.chainType === 'ethereum' ? evm : sol, entropy: options.imported ? null : ENTROPY })),
    importKey: vi.fn(async (_token: string, key: WalletKey) => {
      imported.push(key)
      return (options.importResult ?? (async (k) => ({ address: k.address, chainType: k.chainType, walletIndex: 0, imported: true, entropyId: k.address, recoveryMethod: 'privy' as const })))(key)
    }),
    clear,
  } as unknown as WalletService
  const writes: string[] = []
  const handlers = exportHandlers(service, { writeClipboard: async (text) => void writes.push(text) })
  return { handlers, service, clear, writes, imported }
}

const exportParams = (over: Partial<{ chainType: 'ethereum' | 'solana'; phrase: boolean }> = {}) => ({
  accessToken: TOKEN,
  entropyId: evm.address,
  address: over.chainType === 'solana' ? sol.address : evm.address,
  chainType: over.chainType ?? ('ethereum' as const),
  phrase: over.phrase ?? false,
})

beforeEach(() => {
  document.body.replaceChildren()
  document.documentElement.removeAttribute('lang')
  document.documentElement.removeAttribute('dir')
})
afterEach(() => vi.useRealTimers())

describe('the export view', () => {
  it('shows the Ethereum private key in a labelled field, answers only {shown: true} and forgets the secret', async () => {
    const t = setup()
    const result = await t.handlers.export!.run(exportParams())
    expect(result).toEqual({ shown: true })
    const field = document.querySelector('textarea') as HTMLTextAreaElement
    expect(field.value).toBe(exportWalletKey(evm))
    expect(field.readOnly).toBe(true)
    expect(document.querySelector(`label[for="${field.id}"]`)?.textContent).toBe('Private key')
    expect(importWalletKey('ethereum', field.value).address).toBe(evm.address)
    expect(t.clear).toHaveBeenCalled()
  })

  it('shows a Solana key as base58 of the 64-byte key pair, which imports back to the address', async () => {
    const t = setup()
    await t.handlers.export!.run(exportParams({ chainType: 'solana' }))
    const field = document.querySelector('textarea') as HTMLTextAreaElement
    expect(importWalletKey('solana', field.value).address).toBe(sol.address)
  })

  it('shows the recovery phrase of an HD wallet when asked for it', async () => {
    const t = setup()
    await t.handlers.export!.run(exportParams({ phrase: true }))
    expect((document.querySelector('textarea') as HTMLTextAreaElement).value).toBe(entropyToMnemonic(ENTROPY))
    expect(document.querySelector('label')?.textContent).toBe('Recovery phrase')
  })

  it('refuses a phrase for an imported key, showing nothing', async () => {
    const t = setup({ imported: true })
    await expect(t.handlers.export!.run(exportParams({ phrase: true }))).rejects.toMatchObject({ code: 'invalid_request' })
    expect(document.querySelector('textarea')).toBeNull()
    expect(t.clear).toHaveBeenCalled()
  })

  it('copies the key and confirms it for 1.5 s', async () => {
    const t = setup()
    await t.handlers.export!.run(exportParams())
    vi.useFakeTimers()
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Copy')!
    button.click()
    // Lets the clipboard write settle without moving the clock.
    await vi.advanceTimersByTimeAsync(0)
    expect(button.textContent).toBe('Copied')
    expect(t.writes).toEqual([exportWalletKey(evm)])
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Private key copied')
    vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1)
    expect(button.textContent).toBe('Copied')
    vi.advanceTimersByTime(1)
    expect(button.textContent).toBe('Copy')
  })
})

describe('the import view', () => {
  const submit = (value: string) => {
    const input = document.querySelector('input') as HTMLInputElement
    input.value = value
    ;(document.querySelector('form') as HTMLFormElement).requestSubmit()
  }

  it('shows a labelled key input; a key that does not read is refused inline and the host hears nothing', async () => {
    const t = setup()
    const settled = vi.fn()
    t.handlers.import!.run({ accessToken: TOKEN, chainType: 'ethereum' }).then(settled, settled)
    const input = document.querySelector('input') as HTMLInputElement
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Ethereum private key (64 hexadecimal characters)')
    expect(input.getAttribute('autocomplete')).toBe('off')
    submit('0x1234')
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('This is not a valid private key. Check it and try again.')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    await new Promise((r) => setTimeout(r, 0))
    expect(settled).not.toHaveBeenCalled()
    expect(t.service.importKey).not.toHaveBeenCalled()
  })

  it('imports the typed key and answers the wallet (address only)', async () => {
    const t = setup()
    const pending = t.handlers.import!.run({ accessToken: TOKEN, chainType: 'solana' })
    submit(exportWalletKey(sol))
    await expect(pending).resolves.toMatchObject({ address: sol.address, chainType: 'solana', imported: true })
    expect(t.imported[0]!.address).toBe(sol.address)
    expect(document.querySelector('input')).toBeNull()
  })

  it('answers a server refusal (code and message to the host) and says it in the frame', async () => {
    const t = setup({ importResult: async () => Promise.reject(new FrameFailure('resource_already_exists', 'This wallet already exists.')) })
    const pending = t.handlers.import!.run({ accessToken: TOKEN, chainType: 'ethereum' })
    submit(exportWalletKey(evm))
    await expect(pending).rejects.toMatchObject({ code: 'resource_already_exists' })
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('The wallet could not be imported. Please try again.')
  })

  it('a new request replaces a pending import, which is cancelled', async () => {
    const t = setup()
    const first = t.handlers.import!.run({ accessToken: TOKEN, chainType: 'ethereum' })
    await t.handlers.export!.run(exportParams())
    await expect(first).rejects.toMatchObject({ code: 'cancelled' })
  })
})

/** French texts, as the embedded-wallets plugin sends them for `locale: 'fr'`. */
const FRENCH = {
  EMBEDDED_KEY_COPY: 'Copier',
  EMBEDDED_KEY_COPIED: 'Copié',
  EMBEDDED_KEY_PRIVATE_KEY: 'Clé privée',
  EMBEDDED_KEY_PRIVATE_KEY_TITLE: 'Votre clé privée',
  EMBEDDED_KEY_PRIVATE_KEY_COPIED: 'Clé privée copiée',
  EMBEDDED_KEY_IMPORT: 'Importer',
  EMBEDDED_KEY_FORMAT_SOLANA: 'Clé privée Solana (base58)',
  EMBEDDED_KEY_INVALID: 'Ce n’est pas une clé privée valide.',
}

describe('the views in the widget’s language', () => {
  it('shows the texts the host sends, as text, with the document’s lang', async () => {
    const t = setup()
    const params = v.parse(paramsOf.export, { ...exportParams(), texts: FRENCH, lang: 'fr', dir: 'ltr' })
    await t.handlers.export!.run(params)
    expect(document.documentElement.lang).toBe('fr')
    expect(document.documentElement.dir).toBe('ltr')
    expect(document.querySelector('h1')?.textContent).toBe('Votre clé privée')
    expect(document.querySelector('label')?.textContent).toBe('Clé privée')
    vi.useFakeTimers()
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Copier')!
    button.click()
    await vi.advanceTimersByTimeAsync(0)
    expect(button.textContent).toBe('Copié')
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Clé privée copiée')
  })

  it('says a key that does not read in the host’s language', async () => {
    const t = setup()
    void t.handlers.import!.run(v.parse(paramsOf.import, { accessToken: TOKEN, chainType: 'solana', texts: FRENCH, lang: 'fr', dir: 'ltr' }))
    expect(document.querySelector('label')?.textContent).toBe('Clé privée Solana (base58)')
    expect(document.querySelector('button')?.textContent).toBe('Importer')
    ;(document.querySelector('input') as HTMLInputElement).value = 'not a key'
    ;(document.querySelector('form') as HTMLFormElement).requestSubmit()
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Ce n’est pas une clé privée valide.')
  })

  it('shows a text the host left out, sent malformed or too long in English, and drops unknown keys', async () => {
    const t = setup()
    const texts = {
      EMBEDDED_KEY_PRIVATE_KEY_TITLE: 'x'.repeat(MAX_KEY_FRAME_TEXT_LENGTH + 1),
      EMBEDDED_KEY_PRIVATE_KEY_WARNING: { html: '<b>no</b>' },
      EMBEDDED_KEY_PRIVATE_KEY: '',
      EMBEDDED_KEY_COPY: '<img src=x onerror=alert(1)>',
      SOMETHING_ELSE: 'ignored',
    }
    const params = v.parse(paramsOf.export, { ...exportParams(), texts, lang: 'fr"><script>', dir: 'sideways' })
    expect(params.texts).toEqual({ EMBEDDED_KEY_COPY: '<img src=x onerror=alert(1)>' })
    await t.handlers.export!.run(params)
    expect(document.documentElement.lang).toBe('en')
    expect(document.documentElement.dir).toBe('ltr')
    expect(document.querySelector('h1')?.textContent).toBe(KEY_FRAME_TEXTS.EMBEDDED_KEY_PRIVATE_KEY_TITLE)
    expect(document.querySelector('.warning')?.textContent).toBe(KEY_FRAME_TEXTS.EMBEDDED_KEY_PRIVATE_KEY_WARNING)
    expect(document.querySelector('label')?.textContent).toBe('Private key')
    // Markup in a text shows as text: no element comes of it.
    expect(document.querySelector('button')?.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(document.querySelector('img')).toBeNull()
  })

  it('lays out Arabic right to left while the key or phrase reads left to right', async () => {
    const t = setup()
    await t.handlers.export!.run(v.parse(paramsOf.export, { ...exportParams({ phrase: true }), texts: { EMBEDDED_KEY_PHRASE: 'عبارة الاسترداد' }, lang: 'ar', dir: 'rtl' }))
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
    expect(document.querySelector('label')?.textContent).toBe('عبارة الاسترداد')
    expect((document.querySelector('textarea') as HTMLTextAreaElement).dir).toBe('ltr')
    void t.handlers.import!.run(v.parse(paramsOf.import, { accessToken: TOKEN, chainType: 'ethereum', lang: 'ar', dir: 'rtl' }))
    expect((document.querySelector('input') as HTMLInputElement).dir).toBe('ltr')
  })

  it('a request without a locale shows English, left to right', async () => {
    const t = setup()
    await t.handlers.export!.run(v.parse(paramsOf.export, { ...exportParams(), lang: 'ar', dir: 'rtl' }))
    await t.handlers.export!.run(v.parse(paramsOf.export, exportParams()))
    expect(document.documentElement.lang).toBe('en')
    expect(document.documentElement.dir).toBe('ltr')
    expect(document.querySelector('h1')?.textContent).toBe('Your private key')
  })
})

describe('applyLook', () => {
  it('sets the theme and a hex accent, ignoring anything else', () => {
    applyLook(document, '?theme=dark&accent=%23ff0000')
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#ff0000')
    applyLook(document, '?theme=neon&accent=red;background:url(x)')
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#ff0000')
  })
})
