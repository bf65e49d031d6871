/** Russian (ru) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: 'Спонсор этого приложения отказался оплатить эту транзакцию.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'Сетевая служба, которая отправляет транзакции смарт-кошельков, недоступна.',
  SMART_WALLETS_REVERTED: 'Транзакция была откачена.',
  SMART_WALLETS_REVERTED_REASON: 'Транзакция была откачена: {reason}',
}
