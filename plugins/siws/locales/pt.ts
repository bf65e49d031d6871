/** Brazilian Portuguese (pt) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: 'Use outra carteira',
  SIWS_SIGNATURE_FAILED: 'Não foi possível conectar a carteira',
  SIWS_NOT_SUPPORTED: 'Esta carteira não consegue fazer login com uma mensagem simples.',
}
