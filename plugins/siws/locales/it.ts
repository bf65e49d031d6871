/** Italian (it) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: 'Usa un altro wallet',
  SIWS_SIGNATURE_FAILED: 'Impossibile connettere il wallet',
  SIWS_NOT_SUPPORTED: 'Questo wallet non può accedere con un semplice messaggio di testo.',
}
