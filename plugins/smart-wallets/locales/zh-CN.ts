/** Simplified Chinese (zh-CN) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: '此应用的赞助方拒绝为这笔交易支付费用。',
  SMART_WALLETS_BUNDLER_UNREACHABLE: '无法连接到发送智能钱包交易的网络服务。',
  SMART_WALLETS_REVERTED: '交易已被回滚。',
  SMART_WALLETS_REVERTED_REASON: '交易已被回滚：{reason}',
}
