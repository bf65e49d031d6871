/** French (fr) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: 'Payer par carte',
  MOONPAY_AMOUNT_TITLE: 'Confirmez ou modifiez le montant',
  MOONPAY_AMOUNT_SUBTITLE: 'Achetez des {symbol} avec MoonPay pour {address}.',
  MOONPAY_AMOUNT_LABEL: 'Montant ({symbol})',
  MOONPAY_CONTINUE: 'Continuer',
  MOONPAY_PENDING_TITLE: 'En cours',
  MOONPAY_PENDING_SUBTITLE: 'Retournez sur MoonPay pour finir d’approvisionner votre compte. Cet écran se mettra à jour dès que votre achat sera confirmé.',
  MOONPAY_WAITING_LABEL: 'En attente de MoonPay',
  MOONPAY_AUTHORIZATION_TITLE: 'En attente d’autorisation',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPay attend que vous autorisiez le paiement. Votre portefeuille sera approvisionné dès qu’il sera autorisé.',
  MOONPAY_COMPLETED_TITLE: 'Fonds ajoutés',
  MOONPAY_COMPLETED_SUBTITLE: 'Votre achat est terminé. Les fonds sont sur votre portefeuille.',
  MOONPAY_DONE: 'Terminé',
  MOONPAY_FAILED: 'Un problème est survenu lors de l’ajout de fonds via MoonPay. Veuillez réessayer ou utiliser un autre moyen pour approvisionner votre portefeuille.',
  MOONPAY_POPUP_BLOCKED: 'Impossible de lancer la procédure',
}
