/** Italian (it) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: 'Usa un altro wallet',
  SIWE_SIGNATURE_FAILED: 'Impossibile connettere il wallet',
}
