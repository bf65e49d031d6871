/** Russian (ru) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: 'В гостевом режиме привязка недоступна',
  GUEST_DISABLED: 'Гостевой доступ в этом приложении не включён.',
  GUEST_INVALID_CREDENTIAL: 'Ваш гостевой ключ не принят. Повторите попытку.',
  GUEST_SIGN_IN_FAILED: 'Не удалось продолжить как гость. Повторите попытку.',
  GUEST_METHOD_LABEL: 'Продолжить как гость',
  GUEST_WORKING_TITLE: 'Продолжаем как гость',
  GUEST_WORKING_SUBTITLE: 'Настраиваем гостевой аккаунт на этом устройстве.',
  GUEST_WORKING: 'Выполняем вход',
  GUEST_SUCCESS_TITLE: 'Готово!',
  GUEST_SUCCESS_SUBTITLE: 'Можно продолжать.',
  GUEST_ERROR_TITLE: 'Не удалось продолжить как гость',
}
