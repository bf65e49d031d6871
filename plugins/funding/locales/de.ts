/** German (de) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: 'Guthaben zu Ihrer {app}-Wallet hinzufügen',
  FUNDING_METHODS_LIST_LABEL: 'Aufladeoptionen',
  FUNDING_NOT_ENABLED: 'Das Aufladen der Wallet ist nicht aktiviert',
  FUNDING_CHAIN_NOT_CONFIGURED: 'Die Chain {id} für das Aufladen ist nicht in der Chain-Liste von PrivyProvider enthalten',
  FUNDING_INVALID_DATA: 'Ungültige Aufladedaten',
  FUNDING_NO_FLOW: 'Aufladekonfiguration nicht gefunden',
  FUNDING_SOMETHING_WENT_WRONG: 'Etwas ist schiefgelaufen',
  FUNDING_AMOUNT_TITLE: 'Betrag bestätigen oder ändern',
  FUNDING_AMOUNT_LABEL: 'Betrag ({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: 'Betrag',
  FUNDING_AMOUNT_CONTINUE: 'Weiter',
}
