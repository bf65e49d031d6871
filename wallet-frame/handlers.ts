/**
 * The wallet frame's operation table: each operation's params schema and the service call it runs.
 * @module
 */
import type { FrameHandlers } from './channel'
import { frameParams } from './params'
import type { WalletService } from './wallets'

/**
 * The operations the hidden wallet frame serves.
 * @param service - the wallet operations.
 * @returns the table for `serveFrame`.
 */
export function walletHandlers(service: WalletService): FrameHandlers {
  return {
    create: { params: frameParams.create, run: (p) => service.create(p) },
    connect: { params: frameParams.connect, run: (p) => service.connect(p) },
    recover: { params: frameParams.recover, run: (p) => service.recover(p) },
    cloudSignIn: { params: frameParams.cloudSignIn, run: (p) => service.cloudSignIn(p) },
    add: { params: frameParams.add, run: (p) => service.add(p) },
    setRecovery: { params: frameParams.setRecovery, run: (p) => service.setRecovery(p) },
    rpc: { params: frameParams.rpc, run: (p) => service.rpc(p) },
    delegate: { params: frameParams.delegate, run: (p) => service.delegate(p) },
    clear: { params: frameParams.clear, run: () => service.clear() },
  }
}
