/** Spanish (es) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: 'Usa otra billetera',
  SIWS_SIGNATURE_FAILED: 'No se ha podido conectar la billetera',
  SIWS_NOT_SUPPORTED: 'Esta billetera no puede iniciar sesión con un mensaje de texto sin formato.',
}
