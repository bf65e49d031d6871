/**
 * The demo's "Try the options" panel: every landing option of the client configuration (landing
 * mode, header, login message, logo, theme, accent, wallet chain type, method order, grouping,
 * hidden inputs), kept in the page's query string so a reload or a shared link shows the same
 * modal. Applying remounts the provider with the new configuration and opens the modal.
 * @module
 */
import { useState, type ReactNode } from 'react'
import type { ClientConfig } from 'portico/kernel'

/** The options the panel sets, as they appear in the query string. */
export interface LookOptions {
  landing: '' | 'default' | 'overflow-web2' | 'overflow-web3'
  header: string
  message: string
  logo: string
  theme: '' | 'light' | 'dark'
  accent: string
  /** Kept as `chains` (`solana`, `ethereum-and-solana`): the name the demo's links have used. */
  chains: '' | 'ethereum' | 'solana' | 'ethereum-and-solana'
  /** Login method ids, comma-separated: the primary list, in order. */
  primary: string
  /** Login method ids behind 'More options'. */
  overflow: string
  priority: '' | 'web2' | 'web3'
  hideInputs: boolean
}

const EMPTY: LookOptions = {
  landing: '', header: '', message: '', logo: '', theme: '', accent: '', chains: '', primary: '', overflow: '', priority: '', hideInputs: false,
}

/** The login method ids this demo has plugins for, for the order fields' hint. */
export const DEMO_METHOD_IDS = ['email', 'sms', 'wallet', 'google', 'passkey', 'farcaster', 'telegram', 'guest']

/** The options named in a query string; anything else keeps its default. */
export function readLook(search: string): LookOptions {
  const q = new URLSearchParams(search)
  const pick = <K extends keyof LookOptions>(key: K, allowed: readonly string[]): LookOptions[K] => {
    const v = q.get(key) ?? ''
    return (allowed.includes(v) ? v : '') as LookOptions[K]
  }
  return {
    landing: pick('landing', ['default', 'overflow-web2', 'overflow-web3']),
    header: q.get('header') ?? '',
    message: q.get('message') ?? '',
    logo: q.get('logo') ?? '',
    theme: pick('theme', ['light', 'dark']),
    accent: /^#[0-9a-f]{6}$/i.test(q.get('accent') ?? '') ? q.get('accent')! : '',
    chains: pick('chains', ['ethereum', 'solana', 'ethereum-and-solana']),
    primary: q.get('primary') ?? '',
    overflow: q.get('overflow') ?? '',
    priority: pick('priority', ['web2', 'web3']),
    hideInputs: q.get('hideInputs') === '1',
  }
}

/** The query string for `look`, keeping the page's other parameters (`app`, `oauth`...). */
export function writeLook(search: string, look: LookOptions): string {
  const q = new URLSearchParams(search)
  for (const key of Object.keys(EMPTY) as (keyof LookOptions)[]) {
    const v = look[key]
    if (v === '' || v === false) q.delete(key)
    else q.set(key, v === true ? '1' : v)
  }
  const s = q.toString()
  return s ? `?${s}` : ''
}

const ids = (list: string) => list.split(/[\s,]+/).filter(Boolean)

/** The client configuration for `look`: only what it sets, so an empty look changes nothing. */
export function lookConfig(look: LookOptions): ClientConfig {
  const appearance: NonNullable<ClientConfig['appearance']> = {
    ...(look.landing && { landingMode: look.landing }),
    ...(look.header && { landingHeader: look.header }),
    ...(look.message && { loginMessage: look.message }),
    ...(look.logo && { logo: look.logo }),
    ...(look.theme && { theme: look.theme }),
    ...(look.accent && { accentColor: look.accent }),
    ...(look.chains && { walletChainType: look.chains === 'ethereum' ? 'ethereum-only' : look.chains === 'solana' ? 'solana-only' : 'ethereum-and-solana' }),
    ...(look.priority && { loginGroupPriority: look.priority }),
    ...(look.hideInputs && { hideDirectWeb2Inputs: true }),
  }
  return {
    ...(Object.keys(appearance).length > 0 && { appearance }),
    ...(ids(look.primary).length > 0 && { loginMethodsAndOrder: { primary: ids(look.primary), overflow: ids(look.overflow) } }),
  }
}

/** Logos to try: a square mark and a wide wordmark (the modal fits either in 180 × 90 px). */
const LOGOS = [
  { label: 'None (the app’s)', value: '' },
  { label: 'Square mark', value: '/demo-logo.svg' },
  { label: 'Wide wordmark', value: '/demo-logo-wide.svg' },
]

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
    </label>
  )
}

/**
 * The panel.
 * @param props - the options in force, and what to do with new ones (`open`: open the modal with them).
 * @returns the panel.
 */
export function LookPanel({ look, onApply }: { look: LookOptions; onApply: (look: LookOptions, open: boolean) => void }) {
  const [draft, setDraft] = useState(look)
  const set = <K extends keyof LookOptions>(key: K) => (value: LookOptions[K]) => setDraft((d) => ({ ...d, [key]: value }))
  return (
    <section className="card" style={{ marginTop: 16 }} aria-labelledby="look-title">
      <h2 id="look-title" style={{ margin: '0 0 8px', fontSize: 20 }}>Try the options</h2>
      <p style={{ margin: '0 0 16px', opacity: 0.75 }}>
        The landing options of the client configuration. Apply opens the modal with them; the page's address keeps them.
      </p>
      <form
        className="look"
        onSubmit={(e) => {
          e.preventDefault()
          onApply(draft, true)
        }}
      >
        <Field label="Landing mode">
          <select value={draft.landing} onChange={(e) => set('landing')(e.target.value as LookOptions['landing'])}>
            <option value="">default</option>
            <option value="overflow-web2">overflow-web2</option>
            <option value="overflow-web3">overflow-web3</option>
          </select>
        </Field>
        <Field label="Header">
          <input value={draft.header} placeholder="Log in or sign up" onChange={(e) => set('header')(e.target.value)} />
        </Field>
        <Field label="Login message">
          <input value={draft.message} onChange={(e) => set('message')(e.target.value)} />
        </Field>
        <Field label="Logo">
          <select value={LOGOS.some((l) => l.value === draft.logo) ? draft.logo : 'custom'} onChange={(e) => set('logo')(e.target.value === 'custom' ? draft.logo : e.target.value)}>
            {LOGOS.map((l) => <option key={l.value} value={l.value}>{l.label}</option>)}
            {LOGOS.some((l) => l.value === draft.logo) ? null : <option value="custom">Custom URL</option>}
          </select>
        </Field>
        <Field label="Logo URL">
          <input value={draft.logo} placeholder="https://…" onChange={(e) => set('logo')(e.target.value)} />
        </Field>
        <Field label="Theme">
          <select value={draft.theme} onChange={(e) => set('theme')(e.target.value as LookOptions['theme'])}>
            <option value="">the app’s</option>
            <option value="light">light</option>
            <option value="dark">dark</option>
          </select>
        </Field>
        <Field label="Accent colour">
          <span className="row">
            <input type="color" aria-label="Accent colour picker" value={draft.accent || '#4f46e5'} onChange={(e) => set('accent')(e.target.value)} />
            <button type="button" className="secondary" onClick={() => set('accent')('')}>Reset accent</button>
          </span>
        </Field>
        <Field label="Wallet chains">
          <select value={draft.chains} onChange={(e) => set('chains')(e.target.value as LookOptions['chains'])}>
            <option value="">ethereum-only (default)</option>
            <option value="solana">solana-only</option>
            <option value="ethereum-and-solana">ethereum-and-solana</option>
          </select>
        </Field>
        <Field label="Group first">
          <select value={draft.priority} onChange={(e) => set('priority')(e.target.value as LookOptions['priority'])}>
            <option value="">the app’s</option>
            <option value="web2">web2</option>
            <option value="web3">web3</option>
          </select>
        </Field>
        <Field label="Primary methods, in order">
          <input value={draft.primary} placeholder={DEMO_METHOD_IDS.slice(0, 4).join(', ')} onChange={(e) => set('primary')(e.target.value)} />
        </Field>
        <Field label="More options methods">
          <input value={draft.overflow} placeholder="guest, telegram" onChange={(e) => set('overflow')(e.target.value)} />
        </Field>
        <label className="check">
          <input type="checkbox" checked={draft.hideInputs} onChange={(e) => set('hideInputs')(e.target.checked)} /> Hide the email and phone inputs
        </label>
        <p className="hint">Method ids: {DEMO_METHOD_IDS.join(', ')}.</p>
        <span className="row">
          <button type="submit">Apply and open</button>
          <button type="button" className="secondary" onClick={() => { setDraft(EMPTY); onApply(EMPTY, false) }}>Reset all</button>
        </span>
      </form>
    </section>
  )
}
