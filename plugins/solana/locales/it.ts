/** Italian (it) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'Questo wallet non supporta la firma di messaggi.',
  SOLANA_MESSAGE_NOT_STRING: 'Un messaggio Solana deve essere una stringa.',
  SOLANA_INTERSTITIAL_TITLE: 'Apri in Phantom',
  SOLANA_INTERSTITIAL_DETAIL: 'Per connettere il tuo wallet Phantom, continua nell’app Phantom.',
  SOLANA_CONTINUE: 'Continua',
  SOLANA_STILL_HERE_TITLE: 'Sei ancora qui?',
  SOLANA_STILL_HERE_DETAIL: 'Se Phantom non si è aperto, riprova o installa l’app Phantom.',
  SOLANA_TRY_AGAIN: 'Riprova',
  SOLANA_INSTALL_TITLE: 'Installa Phantom',
  SOLANA_INSTALL_DETAIL: 'Phantom non è installato in questo browser. Installalo, poi ricarica questa pagina per connetterti.',
  SOLANA_INSTALL_PHANTOM_CTA: 'Scarica Phantom',
  SOLANA_LEARN_MORE: 'Scopri di più su Phantom',
}
