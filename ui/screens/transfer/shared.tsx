/**
 * What the account-transfer screens share: the pending conflict, the transfer button with its
 * in-progress and 'Success!' states, and the block-explorer address of a wallet.
 * @module
 */
import { useState } from 'react'
import { css } from '../../../styled-system/css'
import type { AppConfig } from '../../../kernel'
import { useScreen } from '../../context'
import { usePendingTransfer } from '../../modal/screen-host'
import { Button } from '../../components/Button'
import { PORTICO_SCREENS } from '../../plugin'

/** The explorer used when the default chain names none. */
export const FALLBACK_EXPLORER = 'https://etherscan.io'

/**
 * The block-explorer page of an address on the app's default chain.
 * @param config - the app configuration (null before it loads).
 * @param address - the wallet address.
 * @returns `<explorer>/address/<address>`; etherscan when the default chain has no explorer.
 * @example
 * ```ts
 * import { explorerAddressUrl } from 'portico/react/components'
 * explorerAddressUrl(null, '0xabc') // 'https://etherscan.io/address/0xabc'
 * ```
 */
export function explorerAddressUrl(config: AppConfig | null, address: string): string {
  const chain = config?.supportedChains.find((c) => c.id === config.defaultChain) as
    | (AppConfig['supportedChains'][number] & { blockExplorers?: { default?: { url?: string } } })
    | undefined
  // A viem-style chain carries `blockExplorers.default.url`; a chain as hosts list it, `blockExplorerUrls`.
  const base = chain?.blockExplorers?.default?.url ?? chain?.blockExplorerUrls?.[0] ?? FALLBACK_EXPLORER
  return `${base.replace(/\/+$/, '')}/address/${address}`
}

/**
 * 'Transfer and delete account': runs the kernel's transfer; shows progress, then 'Success!' until
 * the kernel closes the modal; a failure goes to the error screen.
 * @internal
 */
export function TransferButton({ disabled }: { disabled?: boolean }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle')
  const { ctx, navigate, resolveError } = useScreen()
  const { transfer } = usePendingTransfer()
  const t = ctx.t
  const run = async () => {
    if (state !== 'idle') return
    setState('busy')
    try {
      await transfer()
      setState('done')
    } catch (err) {
      setState('idle')
      const resolved = resolveError(err, { screen: PORTICO_SCREENS.linkConflict })
      navigate(PORTICO_SCREENS.error, { code: resolved.code, message: resolved.message })
    }
  }
  return (
    <>
      <Button onClick={run} loading={state === 'busy'} disabled={disabled || state === 'busy'} aria-disabled={state === 'done' || undefined}>
        {state === 'done' ? t('PORTICO_TRANSFER_SUCCESS') : state === 'busy' ? t('PORTICO_TRANSFER_IN_PROGRESS') : t('PORTICO_TRANSFER_CTA')}
      </Button>
      <span role="status" aria-live="polite" className={css({ srOnly: true })}>
        {state === 'done' ? t('PORTICO_TRANSFER_SUCCESS') : state === 'busy' ? t('PORTICO_TRANSFER_IN_PROGRESS') : ''}
      </span>
    </>
  )
}

/**
 * 'No thanks': closes the modal, which ends the waiting link; both users stay as they are.
 * @internal
 */
export function DeclineButton() {
  const { ctx, close } = useScreen()
  return (
    <Button variant="ghost" onClick={close}>
      {ctx.t('PORTICO_TRANSFER_DECLINE')}
    </Button>
  )
}
