/**
 * The sign request (`embedded-wallets/sign`): what the embedded wallet is asked to sign, before it
 * signs. 'Sign message', 'Signing this message will not cost you any fees.' and 'Sign and
 * continue' unless the host gave its own title, description and button text. A `personal_sign`
 * message shows as text when it is readable, else as hex; typed data (`eth_signTypedData_v4`)
 * shows its domain, primary type and message fields, nested and labelled; a Solana message shows
 * as text. Approving ends the step (the plugin then signs); Cancel or closing cancels it (the
 * request is rejected with 4001). The details scroll in a focusable region named 'Request details'
 * between the header and the footer (the signing wallet and the buttons), which stay in view.
 * @module
 */
import { useId } from 'react'
import { porticoRecipes as r, porticoTokens as tk } from '../../../ui/styles'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { personalMessageText, readTypedData, type ReadableTypedData, type TypedDataField } from './sign-format'
import { Badge, textsOf, type Texts } from './parts'

/** Params of the sign request. */
export interface SignRequestParams extends Record<string, unknown> {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'solana_signMessage'
  /** The message: hex or text for `personal_sign`, text for `solana_signMessage`. */
  message?: string
  /** The typed data of `eth_signTypedData_v4`, as an object or its JSON text. */
  typedData?: unknown
  /** The host's texts, replacing the defaults. */
  title?: string
  description?: string
  buttonText?: string
  /** The signing wallet's address. */
  address: string
}

const DOMAIN_KEYS = {
  name: 'EMBEDDED_SIGN_DOMAIN_NAME',
  version: 'EMBEDDED_SIGN_DOMAIN_VERSION',
  chainId: 'EMBEDDED_SIGN_DOMAIN_CHAIN',
  verifyingContract: 'EMBEDDED_SIGN_DOMAIN_CONTRACT',
  salt: 'EMBEDDED_SIGN_DOMAIN_SALT',
} as const

const messageStyle = { padding: '12px 14px', textAlign: 'start', fontSize: 14, lineHeight: 1.5 } as const

const rowStyle = { display: 'grid', gridTemplateColumns: 'minmax(72px, auto) 1fr', gap: '4px 12px', margin: 0, fontSize: 14, textAlign: 'start' } as const
const termStyle = { color: tk.fgMuted, fontWeight: 600, fontSize: 13 } as const
const valueStyle = { margin: 0, overflowWrap: 'anywhere', color: tk.fg } as const
/**
 * A value without spaces (an address, a hash, a long number) may break between any two characters,
 * into lines of even length: '0x8335…C32' over '2D4f…913', not a whole line over its last two characters.
 */
const tokenStyle = { wordBreak: 'break-all', textWrap: 'balance' } as const

/** The style of a value: {@link tokenStyle} when it has no spaces. */
function valueStyleOf(value: string) {
  return /\s/.test(value) ? valueStyle : { ...valueStyle, ...tokenStyle }
}

/** A short form of an address: its first 6 and last 4 characters. */
function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** The typed data's message fields, nested groups indented under their label. */
function FieldList({ fields }: { fields: TypedDataField[] }) {
  return (
    <dl style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
      {fields.map((field, i) => (
        <div key={`${field.label}:${i}`}>
          <dt style={termStyle}>{field.label}</dt>
          <dd style={'value' in field ? { ...valueStyleOf(field.value), fontFamily: tk.fontMono, fontSize: 13 } : valueStyle}>
            {'value' in field ? (
              field.value
            ) : (
              <div style={{ borderInlineStart: `2px solid ${tk.border}`, paddingInlineStart: 10, marginTop: 4 }}>
                <FieldList fields={field.fields} />
              </div>
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** The typed data's domain and primary type, as label–value rows. */
function DomainDetails({ t, data }: { t: Texts; data: ReadableTypedData }) {
  const rows = [...data.domain.map((d) => ({ label: t(DOMAIN_KEYS[d.label]), value: d.value })), ...(data.primaryType ? [{ label: t('EMBEDDED_SIGN_PRIMARY_TYPE'), value: data.primaryType }] : [])]
  return (
    <div className={r.card} style={{ padding: '12px 14px' }} data-part="sign-domain">
      <dl style={rowStyle}>
        {rows.map((row) => (
          <div key={row.label} style={{ display: 'contents' }}>
            <dt style={termStyle}>{row.label}</dt>
            <dd style={valueStyleOf(row.value)}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/**
 * The sign request screen.
 * @param props - screen props with {@link SignRequestParams}.
 * @returns the screen.
 * @example
 * ```ts
 * await ctx.step({
 *   screen: EMBEDDED_WALLET_SCREENS.sign,
 *   params: { method: 'personal_sign', message: '0x48656c6c6f', address },
 *   cancelError: () => new PorticoError('The user rejected the request.', { code: 'user_rejected' }),
 * })
 * ```
 */
export default function Sign({ ctx, params, resolveStep, cancelStep }: ScreenProps<SignRequestParams>) {
  const t = textsOf(ctx)
  const headingId = useId()
  const typed = params.method === 'eth_signTypedData_v4' ? readTypedData(params.typedData ?? params.message) : null
  const personal = params.method === 'personal_sign' && typeof params.message === 'string' ? personalMessageText(params.message) : null

  let body
  if (typed) {
    body = <FieldList fields={typed.message} />
  } else if (personal) {
    body = <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: personal.hex ? tk.fontMono : undefined }}>{personal.text}</p>
  } else {
    // A Solana message, or typed data that could not be read: the text as given.
    const raw = typeof params.message === 'string' ? params.message : params.typedData === undefined ? '' : JSON.stringify(params.typedData, null, 2)
    body = <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: params.method === 'solana_signMessage' ? undefined : tk.fontMono }}>{raw}</p>
  }

  return (
    <Screen
      icon={<Badge glyph="pen" size={52} />}
      title={params.title || t('EMBEDDED_SIGN_TITLE')}
      subtitle={params.description || t('EMBEDDED_SIGN_DESCRIPTION')}
      // A long message or typed data scrolls between the header and the buttons, which stay in view.
      scrollLabel={t('EMBEDDED_SIGN_DETAILS')}
      footer={
        <>
          <p className={r.row} style={{ justifyContent: 'space-between', fontSize: 13 }}>
            <span className={r.muted} style={{ fontSize: 13 }}>
              {t('EMBEDDED_SIGN_WALLET')}
            </span>
            <span title={params.address} style={{ fontFamily: tk.fontMono, color: tk.fg }}>
              {shortAddress(params.address)}
            </span>
          </p>
          <Button onClick={resolveStep}>{params.buttonText || t('EMBEDDED_SIGN_BUTTON')}</Button>
          <Button variant="secondary" onClick={cancelStep}>
            {t('EMBEDDED_CANCEL')}
          </Button>
        </>
      }
    >
      {typed ? <DomainDetails t={t} data={typed} /> : null}
      <div className={r.stackTight}>
        <h3 id={headingId} style={{ ...termStyle, margin: 0, textAlign: 'start' }}>
          {t('EMBEDDED_SIGN_MESSAGE')}
        </h3>
        <div className={r.card} role="region" aria-labelledby={headingId} style={messageStyle} data-part="sign-message">
          {body}
        </div>
        {personal?.hex ? (
          <p className={r.muted} style={{ fontSize: 13, textAlign: 'start' }}>
            {t('EMBEDDED_SIGN_HEX_NOTE')}
          </p>
        ) : null}
      </div>
    </Screen>
  )
}
