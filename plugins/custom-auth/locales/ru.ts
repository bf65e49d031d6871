/** Russian (ru) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'В гостевом режиме привязка недоступна',
  CUSTOM_AUTH_INVALID_TOKEN: 'Не удалось подтвердить ваш сеанс в этом приложении.',
  CUSTOM_AUTH_NOT_ENABLED: 'Вход через собственные аккаунты этого приложения не включён.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'Не удалось прочитать ваш сеанс в этом приложении.',
  CUSTOM_AUTH_FAILED: 'Не удалось выполнить вход с помощью вашего сеанса в этом приложении.',
}
