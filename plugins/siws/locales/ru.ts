/** Russian (ru) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: 'Используйте другой кошелёк',
  SIWS_SIGNATURE_FAILED: 'Не удалось подключить кошелёк',
  SIWS_NOT_SUPPORTED: 'Этот кошелёк не поддерживает вход с подписью простого сообщения.',
}
