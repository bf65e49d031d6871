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
import { Link } from '../../../ui/components/Link'
import { porticoRecipes as r } from '../../../ui/styles'
import type { TransactionReviewParams } from '../../embedded-wallets'
import { TRANSACTION_SCREENS } from './index'
import { Details, explorerUrl, failureOf, networkOf, shortAddress, type DetailRow, type Texts, type TransactionFailure } from './shared'

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
  const link = failure.hash ? explorerUrl(params, failure.hash) : null

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
    ...(failure.hash ? [[t('TRANSACTIONS_HASH'), shortAddress(failure.hash), failure.hash] as DetailRow] : []),
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
      <div className={r.card} style={{ padding: '12px 14px' }}>
        <Details rows={rows} />
      </div>
      {link ? (
        <p style={{ fontSize: 13, margin: 0 }}>
          <Link href={link}>{t('TRANSACTIONS_VIEW_ON_EXPLORER')}</Link>
        </p>
      ) : null}
    </Screen>
  )
}
