/**
 * What the account-transfer screens share: the pending conflict, the transfer button with its
 * in-progress state, the 'Success!' screen, and the block-explorer address of a wallet.
 * @module
 */
import { useState } from 'react'
import { css } from '../../../styled-system/css'
import type { AppConfig } from '../../../kernel'
import { useScreen } from '../../context'
import { usePendingTransfer } from '../../modal/screen-host'
import { Button } from '../../components/Button'
import { Screen } from '../../components/Screen'
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

/** Where a transfer started from one of the transfer screens is. */
export type TransferRunState = 'idle' | 'busy' | 'done'

/**
 * Runs the kernel's pending transfer for a screen: progress, then done; a failure goes to the
 * error screen.
 * @returns the state and the function that starts the transfer (again only after a failure).
 * @internal
 */
export function useTransferRun(): { state: TransferRunState; run: () => Promise<void> } {
  const [state, setState] = useState<TransferRunState>('idle')
  const { navigate, resolveError } = useScreen()
  const { transfer } = usePendingTransfer()
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
  return { state, run }
}

/**
 * 'Transfer and delete account', with its in-progress state.
 * @internal
 */
export function TransferButton({ run, disabled }: { run: ReturnType<typeof useTransferRun>; disabled?: boolean }) {
  const { ctx } = useScreen()
  const t = ctx.t
  const busy = run.state === 'busy'
  return (
    <>
      <Button onClick={() => void run.run()} loading={busy} disabled={disabled || busy}>
        {busy ? t('PORTICO_TRANSFER_IN_PROGRESS') : t('PORTICO_TRANSFER_CTA')}
      </Button>
      <span role="status" aria-live="polite" className={css({ srOnly: true })}>
        {busy ? t('PORTICO_TRANSFER_IN_PROGRESS') : ''}
      </span>
    </>
  )
}

/**
 * The transfer's success: the screen turns into a success state ('Success!' under the success
 * icon, no buttons) until the kernel closes the modal a second later.
 * @internal
 */
export function TransferSuccess() {
  const { ctx } = useScreen()
  return <Screen icon="success" title={ctx.t('PORTICO_TRANSFER_SUCCESS')} />
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
