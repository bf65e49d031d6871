/** German (de) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'Diese Wallet unterstützt das Signieren von Nachrichten nicht.',
  SOLANA_MESSAGE_NOT_STRING: 'Eine Solana-Nachricht muss ein String sein.',
  SOLANA_INTERSTITIAL_TITLE: 'In Phantom öffnen',
  SOLANA_INTERSTITIAL_DETAIL: 'Um Ihre Phantom-Wallet zu verbinden, fahren Sie in der Phantom-App fort.',
  SOLANA_CONTINUE: 'Weiter',
  SOLANA_STILL_HERE_TITLE: 'Noch da?',
  SOLANA_STILL_HERE_DETAIL: 'Falls sich Phantom nicht geöffnet hat, versuchen Sie es erneut oder installieren Sie die Phantom-App.',
  SOLANA_TRY_AGAIN: 'Erneut versuchen',
  SOLANA_INSTALL_TITLE: 'Phantom installieren',
  SOLANA_INSTALL_DETAIL: 'Phantom ist in diesem Browser nicht installiert. Installieren Sie Phantom und laden Sie diese Seite dann neu, um die Verbindung herzustellen.',
  SOLANA_INSTALL_PHANTOM_CTA: 'Phantom herunterladen',
  SOLANA_LEARN_MORE: 'Mehr über Phantom erfahren',
}
