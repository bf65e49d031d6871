/**
 * 'Check account assets before transferring': the other user's embedded wallet will not move with
 * the transfer. The info view warns and suggests logging into the other account; the address view
 * shows the wallet address (copyable) and a block-explorer link, then offers the transfer.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { css } from '../../../styled-system/css'
import type { ScreenProps } from '../../context'
import { Screen } from '../../components/Screen'
import { Button } from '../../components/Button'
import { Link } from '../../components/Link'
import { PORTICO_SCREENS } from '../../plugin'
import { useConfig } from '../shared'
import { usePendingTransfer } from '../../modal/screen-host'
import { DeclineButton, TransferButton, TransferSuccess, explorerAddressUrl, useTransferRun } from './shared'

/** Params of the assets screen: which of its two views shows. */
export interface TransferAssetsParams extends Record<string, unknown> {
  view?: 'info' | 'address'
  /** The address to show when no transfer is pending (screenshots, tests). */
  address?: string
}

/** How long 'Copied' shows after a copy. */
export const COPIED_FEEDBACK_MS = 2000

const box = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  p: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'surface',
})

/**
 * The assets screen.
 * @param props - screen props with {@link TransferAssetsParams}.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.navigate('portico/transfer-assets', { view: 'info' })
 * ```
 */
export default function TransferAssets({ ctx, params, navigate }: ScreenProps<TransferAssetsParams>) {
  const t = ctx.t
  const config = useConfig()
  const { conflict } = usePendingTransfer()
  const address = conflict?.embeddedWalletAddress ?? (typeof params.address === 'string' ? params.address : '')
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const transfer = useTransferRun()
  useEffect(() => () => clearTimeout(timer.current), [])

  if (transfer.state === 'done') return <TransferSuccess />

  if (params.view !== 'address') {
    return (
      <Screen
        icon="warning"
        title={t('PORTICO_ASSETS_TITLE')}
        subtitle={t('PORTICO_ASSETS_BODY')}
        footer={
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <Button onClick={() => navigate(PORTICO_SCREENS.transferAssets, { ...params, view: 'address' })}>{t('PORTICO_TRANSFER_CONTINUE')}</Button>
            <DeclineButton />
          </div>
        }
      >
        <p className={css({ textAlign: 'center', color: 'fg.muted', fontSize: '14px' })}>{t('PORTICO_ASSETS_LOGIN_HINT')}</p>
      </Screen>
    )
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS)
    } catch {
      // No clipboard permission: the address stays selectable to copy by hand.
      setCopied(false)
    }
  }

  return (
    <Screen
      icon="warning"
      title={t('PORTICO_ASSETS_TITLE')}
      subtitle={t('PORTICO_ASSETS_ADDRESS_HINT')}
      footer={
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <TransferButton run={transfer} disabled={!conflict} />
          <DeclineButton />
        </div>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <div className={box}>
          <code aria-label={t('PORTICO_ASSETS_ADDRESS_LABEL')} className={css({ flex: '1', minWidth: '0', overflowWrap: 'anywhere', fontSize: '13px', color: 'fg', userSelect: 'all' })}>
            {address}
          </code>
          <Button size="sm" variant="secondary" fullWidth={false} onClick={copy}>
            {copied ? t('PORTICO_ASSETS_COPIED') : t('PORTICO_ASSETS_COPY')}
          </Button>
        </div>
        <span role="status" aria-live="polite" className={css({ srOnly: true })}>
          {copied ? t('PORTICO_ASSETS_COPIED') : ''}
        </span>
        <p className={css({ textAlign: 'center', fontSize: '14px' })}>
          <Link href={explorerAddressUrl(config, address)}>{t('PORTICO_ASSETS_EXPLORER')}</Link>
        </p>
      </div>
    </Screen>
  )
}
