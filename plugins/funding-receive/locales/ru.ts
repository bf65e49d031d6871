/** Russian (ru) texts of the funding-receive plugin. */
export default {
  FUNDING_RECEIVE_TILE: 'Получить средства',
  FUNDING_RECEIVE_TITLE: 'Получение средств',
  FUNDING_RECEIVE_SUBTITLE: 'Отправьте {amount} {symbol} в сети {network} на этот адрес.',
  FUNDING_RECEIVE_SUBTITLE_ANY: 'Отправьте {symbol} в сети {network} на этот адрес.',
  FUNDING_RECEIVE_QR_LABEL: 'QR-код адреса кошелька',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'Адрес кошелька',
  FUNDING_RECEIVE_COPY: 'Копировать',
  FUNDING_RECEIVE_COPIED: 'Скопировано',
  FUNDING_RECEIVE_BALANCE: 'Баланс: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: 'Проверяем баланс…',
  FUNDING_RECEIVE_WAITING: 'Ожидаем поступления средств',
  FUNDING_RECEIVE_RECEIVED: 'Средства получены',
  FUNDING_RECEIVE_DONE: 'Готово',
}
