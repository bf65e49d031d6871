/**
 * A third-party funding method, written only against the package's public exports: "Pay by bank
 * transfer". It contributes a method tile through the funding plugin's `methods` hook and a
 * screen that asks for the amount and hands the user a transfer reference. A real provider would
 * create the transfer on its own server where the screen makes the reference.
 * @module
 */
import { definePlugin } from 'portico/kernel'
import { funding, fundingHooks, type FundingMethod } from 'portico/plugins/funding'
import { bankTransferMessages } from './messages'

/** The plugin's id: the prefix of its screens (`bank-transfer/…`) and the name of its taps. */
export const BANK_TRANSFER_ID = 'bank-transfer'

/** A bank's building, drawn as an SVG path in a 24×24 box (the tile's icon). */
const BANK_ICON = 'M3 10h18M5 10v8m4-8v8m6-8v8m4-8v8M3 20h18M12 3l9 5H3l9-5Z'

/** Options of {@link bankTransfer}. */
export interface BankTransferOptions {
  /** CAIP-2 ids of the chains the bank partner pays out on. @defaultValue every EVM chain */
  chains?: readonly string[]
}

/**
 * The bank-transfer funding method.
 * @param options - the chains it pays out on.
 * @returns the plugin definition; it requires the funding plugin, which the kernel then registers.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * import { bankTransfer } from './funding-skeleton'
 * <PorticoProvider appId="..." plugins={[email(), bankTransfer()]}>...</PorticoProvider>
 * ```
 */
export const bankTransfer = (options: BankTransferOptions = {}) =>
  definePlugin({
    id: BANK_TRANSFER_ID,
    kind: 'funding',
    requires: [funding()],
    screens: { details: { load: () => import('./BankTransferScreen') } },
    messages: bankTransferMessages,
    setup(ctx) {
      const tile: FundingMethod = {
        id: BANK_TRANSFER_ID,
        method: 'bank-transfer',
        label: 'BANK_TRANSFER_TILE',
        icon: BANK_ICON,
        order: 50,
        screen: `${BANK_TRANSFER_ID}/details`,
        // Bank partners pay out in a chain's currency on EVM chains only, and only on the chains they serve.
        available: (request) =>
          request.chainType === 'ethereum' && (!options.chains || options.chains.includes(request.chain?.id ?? '')),
      }
      return fundingHooks(ctx).methods.tap(BANK_TRANSFER_ID, (tiles) => [...tiles, tile])
    },
  })
