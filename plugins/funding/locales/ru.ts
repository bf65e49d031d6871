/** Russian (ru) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: 'Пополните кошелёк {app}',
  FUNDING_METHODS_LIST_LABEL: 'Способы пополнения',
  FUNDING_NOT_ENABLED: 'Пополнение кошелька не включено',
  FUNDING_CHAIN_NOT_CONFIGURED: 'Сети {id} для пополнения нет в списке сетей PrivyProvider',
  FUNDING_INVALID_DATA: 'Недопустимые данные пополнения',
  FUNDING_NO_FLOW: 'Не найдены настройки пополнения',
  FUNDING_SOMETHING_WENT_WRONG: 'Что-то пошло не так',
  FUNDING_AMOUNT_TITLE: 'Подтвердите или измените сумму',
  FUNDING_AMOUNT_LABEL: 'Сумма ({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: 'Сумма',
  FUNDING_AMOUNT_CONTINUE: 'Продолжить',
}
