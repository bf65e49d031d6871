/**
 * The receipt (`transactions/receipt`): a sent transaction while the chain mines it, then its
 * confirmation. It shows the hash with the block explorer's link (when the chain has an explorer),
 * the network and, once mined, the block and the fee paid ('Sponsored' when the app's paymaster paid it); the host's `successHeader` and
 * `successDescription` replace the confirmed texts. A transaction the chain reverted moves on to the
 * error screen with its hash and the revert's reason. 'Done' ends the step.
 * @module
 */
import { useEffect, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { Spinner } from '../../../ui/components/Spinner'
import type { TransactionReviewParams } from '../../embedded-wallets'
import { TRANSACTION_SCREENS } from './index'
import { addressRow, chainCall, DetailsCard, ExplorerLink, explorerUrl, feePaidOf, formatAmount, isSponsored, nativeOf, networkOf, type DetailRow, type MinedReceipt, type Texts, type TransactionFailure } from './parts'

/** How often the receipt is asked for while the transaction is pending. */
export const RECEIPT_POLL_MS = 1000

/** The receipt's params: the review's, and the sent transaction's hash. */
export interface ReceiptParams extends TransactionReviewParams {
  hash: string
}

/**
 * The reason a mined transaction reverted, read by replaying its call on the state before its block;
 * null when the replay tells nothing.
 */
async function revertReason(call: ReturnType<typeof chainCall>, params: TransactionReviewParams, receipt: MinedReceipt): Promise<string | null> {
  const tx = params.transaction
  try {
    await call('eth_call', [{ from: params.address, to: tx.to, data: tx.data, value: tx.value, gas: tx.gas }, `0x${(BigInt(receipt.blockNumber) - 1n).toString(16)}`])
    return null
  } catch (err) {
    return err instanceof Error ? err.message : null
  }
}

/**
 * The receipt screen.
 * @param props - screen props with the review's params and the hash.
 * @returns the screen.
 */
export default function Receipt({ ctx, params, navigate, resolveStep }: ScreenProps<ReceiptParams>) {
  const t: Texts = (key, values) => ctx.t(key, values)
  const [receipt, setReceipt] = useState<MinedReceipt | null>(null)
  const { hash, chain } = params

  useEffect(() => {
    if (!chain?.rpcUrl) return
    const call = chainCall(chain.rpcUrl)
    let gone = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      const found = (await call('eth_getTransactionReceipt', [hash]).catch(() => null)) as MinedReceipt | null
      if (gone) return
      if (!found) {
        timer = setTimeout(() => void poll(), RECEIPT_POLL_MS)
        return
      }
      if (BigInt(found.status) === 1n) {
        setReceipt(found)
        return
      }
      const reason = await revertReason(call, params, found)
      if (gone) return
      const failure: TransactionFailure = { code: 'transaction_reverted', message: reason ?? t('TRANSACTIONS_REVERTED'), hash }
      navigate(TRANSACTION_SCREENS.error, { ...params, failure }, { replace: true })
    }
    void poll()
    return () => {
      gone = true
      clearTimeout(timer)
    }
    // The hash names the transaction; the other params come with it.
  }, [hash, chain?.rpcUrl])

  const ui = params.ui ?? {}
  const link = explorerUrl(chain?.blockExplorerUrl, hash)
  const confirmed = receipt !== null
  // Without an RPC URL the receipt cannot be followed: the screen says the transaction was sent.
  const followed = Boolean(chain?.rpcUrl)
  const rows: DetailRow[] = [
    addressRow(t('TRANSACTIONS_HASH'), hash),
    [t('TRANSACTIONS_NETWORK'), networkOf(params, t)],
    ...(receipt
      ? [
          [t('TRANSACTIONS_BLOCK'), BigInt(receipt.blockNumber).toString()] as DetailRow,
          [
            t('TRANSACTIONS_FEE_PAID'),
            isSponsored(params)
              ? t('TRANSACTIONS_FEE_SPONSORED')
              : formatAmount(feePaidOf(params, receipt), nativeOf(params), null, params.priceDisplay, ctx.locale()),
          ] as DetailRow,
        ]
      : []),
  ]
  return (
    <Screen
      icon={confirmed ? 'success' : followed ? <Spinner size={40} label={t('TRANSACTIONS_WAITING')} /> : 'success'}
      title={confirmed ? ui.successHeader || t('TRANSACTIONS_SUCCESS_TITLE') : t('TRANSACTIONS_SENT_TITLE')}
      subtitle={confirmed ? ui.successDescription || t('TRANSACTIONS_SUCCESS_DESCRIPTION') : followed ? t('TRANSACTIONS_PENDING', { chain: networkOf(params, t) }) : t('TRANSACTIONS_SENT_DESCRIPTION')}
      footer={<Button onClick={resolveStep}>{t('TRANSACTIONS_DONE')}</Button>}
    >
      <DetailsCard rows={rows} live />
      <ExplorerLink href={link} label={t('TRANSACTIONS_VIEW_ON_EXPLORER')} />
    </Screen>
  )
}
