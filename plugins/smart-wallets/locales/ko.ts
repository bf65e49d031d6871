/** Korean (ko) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: '이 앱의 스폰서가 이 트랜잭션의 수수료 부담을 거절했어요.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: '스마트 지갑 트랜잭션을 보내는 네트워크 서비스에 연결할 수 없어요.',
  SMART_WALLETS_REVERTED: '트랜잭션이 되돌려졌어요(revert).',
  SMART_WALLETS_REVERTED_REASON: '트랜잭션이 되돌려졌어요(revert): {reason}',
}
