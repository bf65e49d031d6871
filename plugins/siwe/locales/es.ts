/** Spanish (es) texts of the siwe plugin. */
export default {
  SIWE_LINKED_TO_ANOTHER_USER: 'Usa otra billetera',
  SIWE_SIGNATURE_FAILED: 'No se ha podido conectar la billetera',
}
