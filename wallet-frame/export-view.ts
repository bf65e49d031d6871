/**
 * The export frame's views (`/apps/{appId}/embedded-wallets/export`, shown inside the modal): a key
 * or recovery phrase shown with a Copy button, and a private-key input to import a wallet. What the
 * user sees or types here never crosses to the host page, which learns only `{shown: true}` or the
 * imported wallet's address.
 * @module
 */
import type { FrameChainType, FrameWallet } from '../protocols/wallet-frame'
import type { FrameHandlers } from './channel'
import { entropyToMnemonic, exportWalletKey, importWalletKey, type WalletKey } from './crypto'
import { errorBody, FrameFailure } from './errors'
import { exportParams } from './params'
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

const KEY_FORMAT: Readonly<Record<FrameChainType, string>> = {
  ethereum: 'Ethereum private key (64 hexadecimal characters)',
  solana: 'Solana private key (base58)',
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
  function secretView(label: string, text: string): HTMLElement {
    const field = el(doc, 'textarea', { id: 'portico-secret', className: 'secret', readOnly: true, value: text, spellcheck: false, rows: 3 })
    field.setAttribute('autocomplete', 'off')
    const status = el(doc, 'p', { className: 'status' })
    status.setAttribute('role', 'status')
    const copy = el(doc, 'button', { type: 'button', className: 'primary', textContent: 'Copy' })
    let timer: ReturnType<typeof setTimeout> | undefined
    copy.addEventListener('click', () => {
      writeClipboard(text).then(
        () => {
          copy.textContent = 'Copied'
          status.textContent = `${label} copied`
          clearTimeout(timer)
          timer = setTimeout(() => {
            copy.textContent = 'Copy'
            status.textContent = ''
          }, COPY_CONFIRMATION_MS)
        },
        () => {
          field.select()
          status.textContent = 'Could not copy. The text is selected: copy it with your keyboard.'
        },
      )
    })
    return el(
      doc,
      'section',
      { className: 'panel' },
      el(doc, 'h1', { textContent: `Your ${label.toLowerCase()}` }),
      el(doc, 'p', { className: 'warning', textContent: `Never share your ${label.toLowerCase()}. Anyone who has it controls your wallet.` }),
      el(doc, 'label', { htmlFor: field.id, textContent: label }),
      field,
      copy,
      status,
    )
  }

  /** The import form; resolves with the key the user typed once it reads as a key. */
  function importView(chainType: FrameChainType, save: (key: WalletKey) => Promise<FrameWallet>): Promise<FrameWallet> {
    return new Promise((resolve, reject) => {
      const input = el(doc, 'input', { id: 'portico-import-key', type: 'text', className: 'secret', spellcheck: false, required: true })
      input.setAttribute('autocomplete', 'off')
      input.setAttribute('autocapitalize', 'off')
      const error = el(doc, 'p', { id: 'portico-import-error', className: 'error' })
      error.setAttribute('role', 'alert')
      input.setAttribute('aria-describedby', error.id)
      const submit = el(doc, 'button', { type: 'submit', className: 'primary', textContent: 'Import' })
      const form = el(
        doc,
        'form',
        { className: 'panel', noValidate: true },
        el(doc, 'h1', { textContent: 'Import a wallet' }),
        el(doc, 'label', { htmlFor: input.id, textContent: KEY_FORMAT[chainType] }),
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
        } catch (e) {
          // A key that does not read: the user corrects it here; the host hears nothing.
          error.textContent = errorBody(e).message
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
            root.replaceChildren(el(doc, 'section', { className: 'panel' }, el(doc, 'h1', { textContent: 'Wallet imported' })))
            resolve(wallet)
          },
          (e: unknown) => {
            // The request is answered with the failure; the host decides whether to ask again.
            input.disabled = true
            error.textContent = errorBody(e).message
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
        const { key, entropy } = await service.exportKey(p)
        try {
          if (p.phrase) {
            if (!entropy) throw new FrameFailure('invalid_request', 'An imported wallet has no recovery phrase.')
            show(secretView('Recovery phrase', entropyToMnemonic(entropy)))
          } else {
            show(secretView('Private key', exportWalletKey(key)))
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
      run: (p) => importView(p.chainType, (key) => service.importKey(p, key)),
    },
  }
}
