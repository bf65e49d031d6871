/** Russian (ru) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: 'Используйте другой кошелёк',
  SIWE_SIGNATURE_FAILED: 'Не удалось подключить кошелёк',
}
