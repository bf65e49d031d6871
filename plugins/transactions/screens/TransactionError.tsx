/**
 * The transaction error screen (`transactions/error`): a send the chain or the wallet refused, or a
 * transaction the chain reverted. It shows the error's code and message, the hash with the block
 * explorer's link when the transaction got one, and 'Retry transaction', which sends it again (with
 * the next nonce when a hash is present: the failed transaction used its nonce) and moves on to the
 * receipt. Closing the modal ends it.
 * @module
 */
import { useId, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import type { TransactionReviewParams } from '../../embedded-wallets'
import { TRANSACTION_SCREENS } from './index'
import { addressRow, DetailsCard, ExplorerLink, explorerUrl, failureOf, networkOf, type DetailRow, type Texts, type TransactionFailure } from './parts'

/** The error screen's params: the review's, and what failed. */
export interface TransactionErrorParams extends TransactionReviewParams {
  failure: TransactionFailure
}

/**
 * The error screen.
 * @param props - screen props with the review's params and the failure.
 * @returns the screen.
 */
export default function TransactionError({ ctx, params, navigate }: ScreenProps<TransactionErrorParams>) {
  const t: Texts = (key, values) => ctx.t(key, values)
  const messageId = useId()
  const [failure, setFailure] = useState(params.failure)
  const [retrying, setRetrying] = useState(false)
  const link = failure.hash ? explorerUrl(params.chain?.blockExplorerUrl, failure.hash) : null

  const retry = async () => {
    setRetrying(true)
    try {
      const hash = await params.submit({ freshNonce: failure.hash !== undefined })
      const { failure: _failed, ...review } = params
      navigate(TRANSACTION_SCREENS.receipt, { ...review, hash }, { replace: true })
    } catch (err) {
      setFailure(failureOf(err))
      setRetrying(false)
    }
  }

  const rows: DetailRow[] = [
    [t('TRANSACTIONS_ERROR_CODE'), failure.code],
    ...(failure.hash ? [addressRow(t('TRANSACTIONS_HASH'), failure.hash)] : []),
    [t('TRANSACTIONS_NETWORK'), networkOf(params, t)],
  ]
  return (
    <Screen
      icon="error"
      title={t('TRANSACTIONS_ERROR_TITLE')}
      subtitle={<span id={messageId} role="alert">{failure.message}</span>}
      footer={
        <Button onClick={() => void retry()} loading={retrying} aria-describedby={messageId}>
          {t('TRANSACTIONS_RETRY')}
        </Button>
      }
    >
      <DetailsCard rows={rows} />
      <ExplorerLink href={link} label={t('TRANSACTIONS_VIEW_ON_EXPLORER')} />
    </Screen>
  )
}
