/**
 * What a Solana transaction asks for, for the instruction review: each instruction of its message,
 * System Program SOL transfers and SPL Token transfers decoded with the programs' own clients
 * (`@solana-program/system`, `@solana-program/token`), anything else listed by program with its raw
 * data; and the amounts as the review shows them (lamports as SOL, '<0.001' under 0.001 SOL).
 * @module
 */
import {
  decompileTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type Instruction,
  type Transaction,
} from '@solana/kit'
import { identifySystemInstruction, parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS, SystemInstruction } from '@solana-program/system'
import { identifyTokenInstruction, parseTransferCheckedInstruction, parseTransferInstruction, TOKEN_PROGRAM_ADDRESS, TokenInstruction } from '@solana-program/token'

/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000n

/** One instruction as the review lists it. */
export type ReviewedInstruction =
  | { kind: 'sol-transfer'; from: Address; to: Address; lamports: bigint }
  | { kind: 'token-transfer'; source: Address; destination: Address; authority: Address; amount: bigint; mint?: Address; decimals?: number }
  | { kind: 'other'; programAddress: Address; data: Uint8Array }

/** A transaction's message, read for the review. */
export interface ReviewedTransaction {
  /** The fee payer (the message's first signer). */
  feePayer: Address
  /** The accounts that must sign. */
  signers: Address[]
  instructions: ReviewedInstruction[]
}

/** The spec's text when the wallet is not among a transaction's signers. */
export const MISSING_PUBLIC_KEY_MESSAGE = 'Transaction does not contain public key'

function reviewInstruction(ix: Instruction): ReviewedInstruction {
  const data = (ix.data ?? new Uint8Array()) as Uint8Array
  const full = ix as Parameters<typeof parseTransferSolInstruction>[0]
  try {
    if (ix.programAddress === SYSTEM_PROGRAM_ADDRESS && identifySystemInstruction(data) === SystemInstruction.TransferSol) {
      const p = parseTransferSolInstruction(full)
      return { kind: 'sol-transfer', from: p.accounts.source.address, to: p.accounts.destination.address, lamports: p.data.amount }
    }
    if (ix.programAddress === TOKEN_PROGRAM_ADDRESS) {
      const type = identifyTokenInstruction(data)
      if (type === TokenInstruction.Transfer) {
        const p = parseTransferInstruction(full)
        return { kind: 'token-transfer', source: p.accounts.source.address, destination: p.accounts.destination.address, authority: p.accounts.authority.address, amount: p.data.amount }
      }
      if (type === TokenInstruction.TransferChecked) {
        const p = parseTransferCheckedInstruction(full)
        return {
          kind: 'token-transfer',
          source: p.accounts.source.address,
          destination: p.accounts.destination.address,
          authority: p.accounts.authority.address,
          amount: p.data.amount,
          mint: p.accounts.mint.address,
          decimals: p.data.decimals,
        }
      }
    }
  } catch {
    // Data the program's client cannot read is shown raw, like any other instruction.
  }
  return { kind: 'other', programAddress: ix.programAddress, data }
}

/**
 * Reads a transaction for the review.
 * @param transaction - a kit `Transaction`, or its wire bytes.
 * @returns its fee payer, signers and instructions. A message that uses address lookup tables lists
 *   the instructions whose accounts it can resolve; the others are shown raw.
 * @example
 * ```ts
 * const review = reviewSolanaTransaction(transaction)
 * review.instructions[0] // { kind: 'sol-transfer', from, to, lamports: 1000000n }
 * ```
 */
export function reviewSolanaTransaction(transaction: Transaction | Uint8Array): ReviewedTransaction {
  const tx = transaction instanceof Uint8Array ? getTransactionDecoder().decode(transaction) : transaction
  const compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes)
  const signers = Object.keys(tx.signatures) as Address[]
  const feePayer = compiled.staticAccounts[0]!
  let instructions: ReviewedInstruction[]
  try {
    instructions = (decompileTransactionMessage(compiled).instructions as readonly Instruction[]).map(reviewInstruction)
  } catch {
    // Lookup tables the message names are not resolved here: list each instruction by program.
    const raw = 'instructions' in compiled ? (compiled.instructions as readonly { programAddressIndex: number; data?: Uint8Array }[]) : []
    instructions = raw.map((ix) => ({ kind: 'other' as const, programAddress: compiled.staticAccounts[ix.programAddressIndex]!, data: ix.data ?? new Uint8Array() }))
  }
  return { feePayer, signers, instructions }
}

/**
 * Checks that a wallet must sign a transaction.
 * @param review - the reviewed transaction.
 * @param address - the wallet.
 * @throws Error 'Transaction does not contain public key' when it is not among the signers.
 */
export function assertSigner(review: ReviewedTransaction, address: string): void {
  if (!review.signers.includes(address as Address)) throw new Error(MISSING_PUBLIC_KEY_MESSAGE)
}

/**
 * Lamports as the review shows SOL: up to 9 decimals without trailing zeros, '<0.001' for a
 * non-zero amount under 0.001 SOL.
 * @param lamports - the amount.
 * @returns the text, without the unit.
 * @example
 * ```ts
 * formatSol(1_500_000_000n) // '1.5'
 * formatSol(5000n) // '<0.001'
 * ```
 */
export function formatSol(lamports: bigint): string {
  if (lamports > 0n && lamports < LAMPORTS_PER_SOL / 1000n) return '<0.001'
  const whole = lamports / LAMPORTS_PER_SOL
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
