/**
 * The export frame's views (`/apps/{appId}/embedded-wallets/export`, shown inside the modal): a key
 * or recovery phrase shown with a Copy button, and a private-key input to import a wallet. What the
 * user sees or types here never crosses to the host page, which learns only `{shown: true}` or the
 * imported wallet's address. Its texts are the ones each request carries in the widget's locale
 * (`KeyFrameLocale`, checked by `export-params.ts`), else English (`KEY_FRAME_TEXTS`).
 * @module
 */
import { KEY_FRAME_TEXTS, type FrameChainType, type FrameWallet, type KeyFrameLocale, type KeyFrameTextKey } from '../protocols/wallet-frame'
import type { FrameHandlers } from './channel'
import { entropyToMnemonic, exportWalletKey, importWalletKey, type WalletKey } from './crypto'
import { FrameFailure } from './errors'
import { exportParams } from './export-params'
import type { WalletService } from './wallets'

/** How long 'Copied' shows after a copy (spec 02 §9). */
export const COPY_CONFIRMATION_MS = 1500

/** Applies the query's look: `theme=dark|light` and `accent=#rrggbb` (other values are ignored). */
export function applyLook(doc: Document, search: string): void {
  const query = new URLSearchParams(search)
  doc.documentElement.dataset.theme = query.get('theme') === 'dark' ? 'dark' : 'light'
  const accent = query.get('accent')
  // Through the CSSOM, which the page's style-src allows (no inline style attribute).
  if (accent && /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(accent)) doc.documentElement.style.setProperty('--accent', accent)
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(doc.createElement(tag), props)
  node.append(...children)
  return node
}

const KEY_FORMAT: Readonly<Record<FrameChainType, KeyFrameTextKey>> = {
  ethereum: 'EMBEDDED_KEY_FORMAT_ETHEREUM',
  solana: 'EMBEDDED_KEY_FORMAT_SOLANA',
}

/** The texts of the key and of the recovery phrase views. */
const SECRET_TEXTS = {
  key: { label: 'EMBEDDED_KEY_PRIVATE_KEY', title: 'EMBEDDED_KEY_PRIVATE_KEY_TITLE', warning: 'EMBEDDED_KEY_PRIVATE_KEY_WARNING', copied: 'EMBEDDED_KEY_PRIVATE_KEY_COPIED' },
  phrase: { label: 'EMBEDDED_KEY_PHRASE', title: 'EMBEDDED_KEY_PHRASE_TITLE', warning: 'EMBEDDED_KEY_PHRASE_WARNING', copied: 'EMBEDDED_KEY_PHRASE_COPIED' },
} as const satisfies Record<string, Record<string, KeyFrameTextKey>>

/** A request's text function: the text the host sent (already checked by the params), else the English. */
type Text = (key: KeyFrameTextKey) => string

/**
 * Sets up the document for a request's locale and returns its texts: `lang` and `dir` on the root
 * (left to right and `en` unless the request says otherwise); the texts the request carries, else
 * English ones.
 */
function localize(doc: Document, locale: KeyFrameLocale): Text {
  doc.documentElement.lang = locale.lang ?? 'en'
  doc.documentElement.dir = locale.dir ?? 'ltr'
  return (key) => locale.texts?.[key] ?? KEY_FRAME_TEXTS[key]
}

/** Options of {@link exportHandlers}. */
export interface ExportViewOptions {
  /** The frame's document. @defaultValue document */
  doc?: Document
  /** Where the views go. @defaultValue doc.body */
  root?: HTMLElement
  /** Writes to the clipboard. @defaultValue navigator.clipboard.writeText */
  writeClipboard?: (text: string) => Promise<void>
}

/**
 * The export frame's operations: `export` shows a key, `import` takes one.
 * @param service - the wallet operations (the export frame's own, on the same origin's storage).
 * @param options - the document and clipboard.
 * @returns the table for `serveFrame`.
 */
export function exportHandlers(service: WalletService, options: ExportViewOptions = {}): FrameHandlers {
  const doc = options.doc ?? document
  const root = options.root ?? doc.body
  const writeClipboard = options.writeClipboard ?? ((text: string) => navigator.clipboard.writeText(text))
  let cancelImport: (() => void) | null = null

  const show = (...nodes: Node[]) => {
    cancelImport?.()
    cancelImport = null
    root.replaceChildren(...nodes)
  }

  /** The view of a key or phrase, with its Copy button. */
  function secretView(t: Text, kind: keyof typeof SECRET_TEXTS, text: string): HTMLElement {
    const texts = SECRET_TEXTS[kind]
    // A key or phrase reads left to right in every language.
    const field = el(doc, 'textarea', { id: 'portico-secret', className: 'secret', readOnly: true, value: text, spellcheck: false, rows: 3, dir: 'ltr' })
    field.setAttribute('autocomplete', 'off')
    const status = el(doc, 'p', { className: 'status' })
    status.setAttribute('role', 'status')
    const copy = el(doc, 'button', { type: 'button', className: 'primary', textContent: t('EMBEDDED_KEY_COPY') })
    let timer: ReturnType<typeof setTimeout> | undefined
    copy.addEventListener('click', () => {
      writeClipboard(text).then(
        () => {
          copy.textContent = t('EMBEDDED_KEY_COPIED')
          status.textContent = t(texts.copied)
          clearTimeout(timer)
          timer = setTimeout(() => {
            copy.textContent = t('EMBEDDED_KEY_COPY')
            status.textContent = ''
          }, COPY_CONFIRMATION_MS)
        },
        () => {
          field.select()
          status.textContent = t('EMBEDDED_KEY_COPY_FAILED')
        },
      )
    })
    return el(
      doc,
      'section',
      { className: 'panel' },
      el(doc, 'h1', { textContent: t(texts.title) }),
      el(doc, 'p', { className: 'warning', textContent: t(texts.warning) }),
      el(doc, 'label', { htmlFor: field.id, textContent: t(texts.label) }),
      field,
      copy,
      status,
    )
  }

  /** The import form; resolves with the key the user typed once it reads as a key. */
  function importView(t: Text, chainType: FrameChainType, save: (key: WalletKey) => Promise<FrameWallet>): Promise<FrameWallet> {
    return new Promise((resolve, reject) => {
      const input = el(doc, 'input', { id: 'portico-import-key', type: 'text', className: 'secret', spellcheck: false, required: true, dir: 'ltr' })
      input.setAttribute('autocomplete', 'off')
      input.setAttribute('autocapitalize', 'off')
      const error = el(doc, 'p', { id: 'portico-import-error', className: 'error' })
      error.setAttribute('role', 'alert')
      input.setAttribute('aria-describedby', error.id)
      const submit = el(doc, 'button', { type: 'submit', className: 'primary', textContent: t('EMBEDDED_KEY_IMPORT') })
      const form = el(
        doc,
        'form',
        { className: 'panel', noValidate: true },
        el(doc, 'h1', { textContent: t('EMBEDDED_KEY_IMPORT_TITLE') }),
        el(doc, 'label', { htmlFor: input.id, textContent: t(KEY_FORMAT[chainType]) }),
        input,
        error,
        submit,
      )
      let busy = false
      form.addEventListener('submit', (event) => {
        event.preventDefault()
        if (busy) return
        let key: WalletKey
        try {
          key = importWalletKey(chainType, input.value)
        } catch {
          // A key that does not read: the user corrects it here (the label says the format); the host hears nothing.
          error.textContent = t('EMBEDDED_KEY_INVALID')
          input.setAttribute('aria-invalid', 'true')
          return
        }
        busy = true
        submit.disabled = true
        error.textContent = ''
        input.removeAttribute('aria-invalid')
        save(key).then(
          (wallet) => {
            input.value = ''
            root.replaceChildren(el(doc, 'section', { className: 'panel' }, el(doc, 'h1', { textContent: t('EMBEDDED_KEY_IMPORTED') })))
            resolve(wallet)
          },
          (e: unknown) => {
            // The request is answered with the failure (its code and message go to the host, which
            // explains it and decides whether to ask again); the frame says it in the user's language.
            input.disabled = true
            error.textContent = t('EMBEDDED_KEY_IMPORT_FAILED')
            reject(e)
          },
        )
      })
      show(form)
      cancelImport = () => reject(new FrameFailure('cancelled', 'Another request replaced the import.'))
      input.focus()
    })
  }

  return {
    export: {
      params: exportParams.export,
      async run(p) {
        const t = localize(doc, p)
        const { key, entropy } = await service.exportKey(p)
        try {
          if (p.phrase) {
            if (!entropy) throw new FrameFailure('invalid_request', 'An imported wallet has no recovery phrase.')
            show(secretView(t, 'phrase', entropyToMnemonic(entropy)))
          } else {
            show(secretView(t, 'key', exportWalletKey(key)))
          }
        } finally {
          // Shown once: the frame keeps nothing else.
          await service.clear()
        }
        return { shown: true as const }
      },
    },
    import: {
      params: exportParams.import,
      run: (p) => importView(localize(doc, p), p.chainType, (key) => service.importKey(p, key)),
    },
  }
}
