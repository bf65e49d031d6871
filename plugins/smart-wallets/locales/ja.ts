/** Japanese (ja) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: 'このアプリのスポンサーが、このトランザクションの手数料の負担を断りました。',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'スマートウォレットのトランザクションを送信するネットワークサービスに接続できません。',
  SMART_WALLETS_REVERTED: 'トランザクションがリバートされました。',
  SMART_WALLETS_REVERTED_REASON: 'トランザクションがリバートされました：{reason}',
}
