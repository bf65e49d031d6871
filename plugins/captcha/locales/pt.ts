/** Brazilian Portuguese (pt) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: 'Tente novamente.',
  CAPTCHA_FAILED: 'Você não passou no CAPTCHA. Tente novamente.',
  CAPTCHA_TIMEOUT: 'Falha no CAPTCHA',
  CAPTCHA_ERROR: 'Falha no CAPTCHA',
  CAPTCHA_GENERIC: 'Algo deu errado',
  CAPTCHA_UNSUPPORTED_SITE_KEY: 'Chave de site do CAPTCHA não compatível',
  CAPTCHA_TITLE: 'Verificando se você é humano',
  CAPTCHA_SUBTITLE: 'Isso leva só um instante.',
  CAPTCHA_INTERACTIVE_TITLE: 'Confirme que você é humano',
  CAPTCHA_INTERACTIVE_SUBTITLE: 'Conclua a verificação abaixo para continuar.',
  CAPTCHA_SUCCESS: 'Verificado',
  CAPTCHA_ERROR_TITLE: 'Falha na verificação',
  CAPTCHA_RETRYING: 'Tentando novamente…',
  CAPTCHA_HINT: 'Ainda não funcionou? Desative o bloqueador de anúncios ou a VPN e tente novamente.',
  CAPTCHA_TRY_AGAIN: 'Tentar novamente',
  CAPTCHA_CANCEL: 'Cancelar',
}
