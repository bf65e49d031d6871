/** Russian (ru) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: 'Повторите попытку.',
  CAPTCHA_FAILED: 'Проверка CAPTCHA не пройдена. Повторите попытку.',
  CAPTCHA_TIMEOUT: 'Ошибка CAPTCHA',
  CAPTCHA_ERROR: 'Ошибка CAPTCHA',
  CAPTCHA_GENERIC: 'Что-то пошло не так',
  CAPTCHA_UNSUPPORTED_SITE_KEY: 'Неподдерживаемый ключ сайта CAPTCHA',
  CAPTCHA_TITLE: 'Проверяем, что вы человек',
  CAPTCHA_SUBTITLE: 'Это займёт всего секунду.',
  CAPTCHA_INTERACTIVE_TITLE: 'Подтвердите, что вы человек',
  CAPTCHA_INTERACTIVE_SUBTITLE: 'Чтобы продолжить, пройдите проверку ниже.',
  CAPTCHA_SUCCESS: 'Проверка пройдена',
  CAPTCHA_ERROR_TITLE: 'Проверка не пройдена',
  CAPTCHA_RETRYING: 'Пробуем ещё раз…',
  CAPTCHA_HINT: 'Всё ещё не получается? Отключите блокировщик рекламы или VPN и повторите попытку.',
  CAPTCHA_TRY_AGAIN: 'Повторить попытку',
  CAPTCHA_CANCEL: 'Отмена',
}
