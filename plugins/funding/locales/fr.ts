/** French (fr) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: 'Ajoutez des fonds à votre portefeuille {app}',
  FUNDING_METHODS_LIST_LABEL: 'Moyens d’approvisionnement',
  FUNDING_NOT_ENABLED: 'L’approvisionnement du portefeuille n’est pas activé',
  FUNDING_CHAIN_NOT_CONFIGURED: 'La chaîne d’approvisionnement {id} ne figure pas dans la liste des chaînes de PrivyProvider',
  FUNDING_INVALID_DATA: 'Données d’approvisionnement non valides',
  FUNDING_NO_FLOW: 'Configuration d’approvisionnement introuvable',
  FUNDING_SOMETHING_WENT_WRONG: 'Un problème est survenu',
  FUNDING_AMOUNT_TITLE: 'Confirmez ou modifiez le montant',
  FUNDING_AMOUNT_LABEL: 'Montant ({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: 'Montant',
  FUNDING_AMOUNT_CONTINUE: 'Continuer',
}
