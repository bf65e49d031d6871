/** Brazilian Portuguese (pt) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'Esta carteira não permite assinar mensagens.',
  SOLANA_MESSAGE_NOT_STRING: 'Uma mensagem da Solana deve ser uma string.',
  SOLANA_INTERSTITIAL_TITLE: 'Abrir no Phantom',
  SOLANA_INTERSTITIAL_DETAIL: 'Para conectar sua carteira Phantom, continue no app Phantom.',
  SOLANA_CONTINUE: 'Continuar',
  SOLANA_STILL_HERE_TITLE: 'Ainda está aí?',
  SOLANA_STILL_HERE_DETAIL: 'Se o Phantom não abriu, tente novamente ou instale o app Phantom.',
  SOLANA_TRY_AGAIN: 'Tentar novamente',
  SOLANA_INSTALL_TITLE: 'Instalar o Phantom',
  SOLANA_INSTALL_DETAIL: 'O Phantom não está instalado neste navegador. Instale-o e recarregue esta página para conectar.',
  SOLANA_INSTALL_PHANTOM_CTA: 'Baixar o Phantom',
  SOLANA_LEARN_MORE: 'Saiba mais sobre o Phantom',
}
