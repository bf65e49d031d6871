/**
 * The Solana instruction review: SOL transfers and SPL Token transfers (plain and checked) decoded by
 * the programs' clients, other instructions listed raw, the signers checked ('Transaction does not
 * contain public key'), and SOL and USD amounts in the spec's display form.
 */
import { describe, expect, it } from 'vitest'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferCheckedInstruction, getTransferInstruction } from '@solana-program/token'
import { assertSigner, formatSol, reviewSolanaTransaction } from './solana-decode'
import { formatUsd } from '../../ui/format'

const WALLET = address('7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs')
const OTHER = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
const MINT = address('EPjFWdd5AufqSSqeM2qFfnH1mqzVUxt3Vo6Nc1zbgfKn')
const SRC_ATA = address('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU')
const DST_ATA = address('5ZiE3vAkrdXBgyFL7KqG3RoEGBws4CjRcXVbABDLZTgx')
const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
const blockhash = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k' as Blockhash

function transaction(instructions: Instruction[], feePayer: Address = WALLET) {
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 100n }, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
}

describe('reviewSolanaTransaction', () => {
  it('decodes SOL and SPL Token transfers and lists other instructions raw, from the object or the wire bytes', () => {
    const tx = transaction([
      getTransferSolInstruction({ source: createNoopSigner(WALLET), destination: OTHER, amount: 1_500_000_000n }),
      getTransferCheckedInstruction({ source: SRC_ATA, mint: MINT, destination: DST_ATA, authority: createNoopSigner(WALLET), amount: 2_500_000n, decimals: 6 }),
      getTransferInstruction({ source: SRC_ATA, destination: DST_ATA, authority: createNoopSigner(WALLET), amount: 7n }),
      { programAddress: MEMO, data: new TextEncoder().encode('hello') },
    ])
    for (const input of [tx, new Uint8Array(getTransactionEncoder().encode(tx))]) {
      const review = reviewSolanaTransaction(input)
      expect(review.feePayer).toBe(WALLET)
      expect(review.signers).toEqual([WALLET])
      expect(review.instructions).toEqual([
        { kind: 'sol-transfer', from: WALLET, to: OTHER, lamports: 1_500_000_000n },
        { kind: 'token-transfer', source: SRC_ATA, destination: DST_ATA, authority: WALLET, amount: 2_500_000n, mint: MINT, decimals: 6 },
        { kind: 'token-transfer', source: SRC_ATA, destination: DST_ATA, authority: WALLET, amount: 7n },
        { kind: 'other', programAddress: MEMO, data: new TextEncoder().encode('hello') },
      ])
    }
  })

  it("refuses a wallet that is not among the signers: 'Transaction does not contain public key'", () => {
    const review = reviewSolanaTransaction(transaction([getTransferSolInstruction({ source: createNoopSigner(OTHER), destination: WALLET, amount: 1n })], OTHER))
    expect(() => assertSigner(review, WALLET)).toThrow('Transaction does not contain public key')
    expect(() => assertSigner(review, OTHER)).not.toThrow()
  })
})

describe('amounts', () => {
  it("shows lamports as SOL, '<0.001' under 0.001 SOL", () => {
    expect(formatSol(1_500_000_000n)).toBe('1.5')
    expect(formatSol(1_000_000n)).toBe('0.001')
    expect(formatSol(999_999n)).toBe('<0.001')
    expect(formatSol(0n)).toBe('0')
    expect(formatSol(123_456_789_012n)).toBe('123.456789012')
  })

  it("shows USD with two decimals, '<$0.01' under a cent", () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatUsd(1234.5, 'fr')).toBe('1\u202f234,50\u00a0$US')
    expect(formatUsd(0.009, 'de')).toBe('<0,01\u00a0$')
    expect(formatUsd(0.009)).toBe('<$0.01')
    expect(formatUsd(0)).toBe('$0.00')
  })
})
