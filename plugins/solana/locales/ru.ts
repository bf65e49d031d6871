/** Russian (ru) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'Этот кошелёк не поддерживает подпись сообщений.',
  SOLANA_MESSAGE_NOT_STRING: 'Сообщение Solana должно быть строкой.',
  SOLANA_INTERSTITIAL_TITLE: 'Откройте Phantom',
  SOLANA_INTERSTITIAL_DETAIL: 'Чтобы подключить кошелёк Phantom, продолжите в приложении Phantom.',
  SOLANA_CONTINUE: 'Продолжить',
  SOLANA_STILL_HERE_TITLE: 'Вы ещё здесь?',
  SOLANA_STILL_HERE_DETAIL: 'Если Phantom не открылся, повторите попытку или установите приложение Phantom.',
  SOLANA_TRY_AGAIN: 'Повторить попытку',
  SOLANA_INSTALL_TITLE: 'Установите Phantom',
  SOLANA_INSTALL_DETAIL: 'Phantom не установлен в этом браузере. Установите его, а затем перезагрузите страницу, чтобы подключиться.',
  SOLANA_INSTALL_PHANTOM_CTA: 'Установить Phantom',
  SOLANA_LEARN_MORE: 'Подробнее о Phantom',
}
