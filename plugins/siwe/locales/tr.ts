/** Turkish (tr) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: 'Farklı bir cüzdan kullanın',
  SIWE_SIGNATURE_FAILED: 'Cüzdan bağlanamadı',
}
