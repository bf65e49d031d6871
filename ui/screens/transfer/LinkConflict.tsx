/**
 * Account transfer confirmation (link conflict): the account being linked belongs to another user.
 * 'Transfer and delete account' moves it here and deletes the other user ('Success!' follows); when that user has an
 * embedded wallet, 'Continue' first shows 'Check account assets before transferring'. 'No thanks'
 * closes the modal and leaves both users as they are.
 * @module
 */
import type { ScreenProps } from '../../context'
import { Screen } from '../../components/Screen'
import { Button } from '../../components/Button'
import { PORTICO_SCREENS } from '../../plugin'
import { usePendingTransfer } from '../../modal/screen-host'
import { DeclineButton, TransferButton, TransferSuccess, useTransferRun } from './shared'
import { css } from '../../../styled-system/css'

/**
 * The link-conflict screen. The kernel navigates here from `ctx.link` with the pending conflict;
 * reached without one (a plugin that offers no transfer), it says the account is linked elsewhere.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * // Shown by the kernel when a link answers account_transfer_required with a nonce:
 * await ctx.link(() => ctx.api.request(emailRoutes.link, { email, code }), {
 *   method: 'email', handle: email, transfer: (nonce) => ctx.api.request(emailRoutes.transfer, { email, nonce }),
 * })
 * ```
 */
export default function LinkConflict({ ctx, navigate, close }: ScreenProps) {
  const t = ctx.t
  const { conflict } = usePendingTransfer()
  const transfer = useTransferRun()
  if (transfer.state === 'done') return <TransferSuccess />
  if (!conflict) {
    return (
      <Screen
        icon="error"
        title={t('PORTICO_GENERIC_TITLE')}
        subtitle={t('PORTICO_LINKED_TO_ANOTHER_USER')}
        footer={<Button onClick={close}>{t('PORTICO_TRANSFER_CLOSE')}</Button>}
      />
    )
  }
  return (
    <Screen
      icon="warning"
      title={t('PORTICO_LINK_CONFLICT_TITLE', { label: conflict.label })}
      // The whole handle, as the spec's sentence has it (without an embedded wallet it is the only place
      // the user sees which account is meant): a wallet address or a long email breaks inside the
      // sentence instead of spilling past the padding.
      subtitle={<span className={css({ overflowWrap: 'anywhere' })}>{t('PORTICO_LINK_CONFLICT_BODY', { handle: conflict.handle })}</span>}
      footer={
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          {conflict.embeddedWalletAddress ? (
            <Button onClick={() => navigate(PORTICO_SCREENS.transferAssets, { view: 'info' })}>{t('PORTICO_TRANSFER_CONTINUE')}</Button>
          ) : (
            <TransferButton run={transfer} />
          )}
          <DeclineButton />
        </div>
      }
    />
  )
}
