/** Brazilian Portuguese (pt) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: 'Use outra carteira',
  SIWE_SIGNATURE_FAILED: 'Não foi possível conectar a carteira',
}
