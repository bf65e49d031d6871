/** Russian (ru) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: 'Не удалось получить котировки для перевода через мост…',
  BRIDGE_SELECT_FAILED: 'Не удалось выбрать вариант перевода через мост среди котировок…',
  BRIDGE_REJECTED: 'Пользователь отклонил транзакцию',
  BRIDGE_UNSUPPORTED: 'Перевод через мост недоступен в тестовых сетях и devnet Solana',
}
