/** Spanish (es) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: 'Inténtalo de nuevo.',
  CAPTCHA_FAILED: 'No has superado el CAPTCHA. Inténtalo de nuevo.',
  CAPTCHA_TIMEOUT: 'Error en el CAPTCHA',
  CAPTCHA_ERROR: 'Error en el CAPTCHA',
  CAPTCHA_GENERIC: 'Algo ha salido mal',
  CAPTCHA_UNSUPPORTED_SITE_KEY: 'Clave de sitio de CAPTCHA no admitida',
  CAPTCHA_TITLE: 'Comprobando que eres una persona',
  CAPTCHA_SUBTITLE: 'Solo tardará un momento.',
  CAPTCHA_INTERACTIVE_TITLE: 'Confirma que eres una persona',
  CAPTCHA_INTERACTIVE_SUBTITLE: 'Completa la comprobación para continuar.',
  CAPTCHA_SUCCESS: 'Verificado',
  CAPTCHA_ERROR_TITLE: 'Error de verificación',
  CAPTCHA_RETRYING: 'Volviendo a intentarlo…',
  CAPTCHA_HINT: '¿Sigue sin funcionar? Desactiva el bloqueador de anuncios o la VPN e inténtalo de nuevo.',
  CAPTCHA_TRY_AGAIN: 'Reintentar',
  CAPTCHA_CANCEL: 'Cancelar',
}
