/** Spanish (es) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: 'No se han podido obtener cotizaciones para el puente…',
  BRIDGE_SELECT_FAILED: 'No se ha podido elegir una opción de puente entre las cotizaciones…',
  BRIDGE_REJECTED: 'El usuario ha rechazado la transacción',
  BRIDGE_UNSUPPORTED: 'El puente entre redes no está disponible en las testnets y devnets de Solana',
}
