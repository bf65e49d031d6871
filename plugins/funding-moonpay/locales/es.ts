/** Spanish (es) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: 'Pagar con tarjeta',
  MOONPAY_AMOUNT_TITLE: 'Confirma o edita el importe',
  MOONPAY_AMOUNT_SUBTITLE: 'Compra {symbol} con MoonPay para {address}.',
  MOONPAY_AMOUNT_LABEL: 'Importe ({symbol})',
  MOONPAY_CONTINUE: 'Continuar',
  MOONPAY_PENDING_TITLE: 'En curso',
  MOONPAY_PENDING_SUBTITLE: 'Vuelve a MoonPay para terminar de añadir fondos a tu cuenta. Esta pantalla se actualizará cuando se confirme la compra.',
  MOONPAY_WAITING_LABEL: 'Esperando a MoonPay',
  MOONPAY_AUTHORIZATION_TITLE: 'Pendiente de autorización',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPay está esperando a que autorices el pago. Los fondos llegarán a tu billetera en cuanto lo autorices.',
  MOONPAY_COMPLETED_TITLE: 'Fondos añadidos',
  MOONPAY_COMPLETED_SUBTITLE: 'Tu compra se ha completado. Los fondos ya están en tu billetera.',
  MOONPAY_DONE: 'Listo',
  MOONPAY_FAILED: 'Algo ha salido mal al añadir fondos con MoonPay. Inténtalo de nuevo o usa otro método para añadir fondos a tu billetera.',
  MOONPAY_POPUP_BLOCKED: 'No se ha podido iniciar el proceso',
}
