/** Spanish (es) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: 'Añade fondos a tu billetera de {app}',
  FUNDING_METHODS_LIST_LABEL: 'Formas de añadir fondos',
  FUNDING_NOT_ENABLED: 'La financiación de la billetera no está activada',
  FUNDING_CHAIN_NOT_CONFIGURED: 'La cadena de financiación {id} no está en la lista de cadenas de PrivyProvider',
  FUNDING_INVALID_DATA: 'Datos de financiación no válidos',
  FUNDING_NO_FLOW: 'No se ha encontrado la configuración de financiación',
  FUNDING_SOMETHING_WENT_WRONG: 'Algo ha salido mal',
  FUNDING_AMOUNT_TITLE: 'Confirma o edita el importe',
  FUNDING_AMOUNT_LABEL: 'Importe ({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: 'Importe',
  FUNDING_AMOUNT_CONTINUE: 'Continuar',
}
