/** Italian (it) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: 'Aggiungi fondi al tuo wallet {app}',
  FUNDING_METHODS_LIST_LABEL: 'Metodi di finanziamento',
  FUNDING_NOT_ENABLED: 'Il finanziamento del wallet non è attivo',
  FUNDING_CHAIN_NOT_CONFIGURED: 'La chain di finanziamento {id} non è nell’elenco delle chain di PrivyProvider',
  FUNDING_INVALID_DATA: 'Dati di finanziamento non validi',
  FUNDING_NO_FLOW: 'Configurazione del finanziamento non trovata',
  FUNDING_SOMETHING_WENT_WRONG: 'Si è verificato un problema',
  FUNDING_AMOUNT_TITLE: 'Conferma o modifica l’importo',
  FUNDING_AMOUNT_LABEL: 'Importo ({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: 'Importo',
  FUNDING_AMOUNT_CONTINUE: 'Continua',
}
