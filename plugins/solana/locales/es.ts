/** Spanish (es) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'Esta billetera no admite la firma de mensajes.',
  SOLANA_MESSAGE_NOT_STRING: 'Un mensaje de Solana debe ser una cadena de texto.',
  SOLANA_INTERSTITIAL_TITLE: 'Abrir en Phantom',
  SOLANA_INTERSTITIAL_DETAIL: 'Para conectar tu billetera Phantom, continúa en la app de Phantom.',
  SOLANA_CONTINUE: 'Continuar',
  SOLANA_STILL_HERE_TITLE: '¿Sigues ahí?',
  SOLANA_STILL_HERE_DETAIL: 'Si Phantom no se ha abierto, vuelve a intentarlo o instala la app de Phantom.',
  SOLANA_TRY_AGAIN: 'Reintentar',
  SOLANA_INSTALL_TITLE: 'Instala Phantom',
  SOLANA_INSTALL_DETAIL: 'Phantom no está instalado en este navegador. Instálalo y vuelve a cargar esta página para conectarte.',
  SOLANA_INSTALL_PHANTOM_CTA: 'Obtener Phantom',
  SOLANA_LEARN_MORE: 'Más información sobre Phantom',
}
