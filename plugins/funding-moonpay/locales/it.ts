/** Italian (it) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: 'Paga con carta',
  MOONPAY_AMOUNT_TITLE: 'Conferma o modifica l’importo',
  MOONPAY_AMOUNT_SUBTITLE: 'Acquista {symbol} con MoonPay per {address}.',
  MOONPAY_AMOUNT_LABEL: 'Importo ({symbol})',
  MOONPAY_CONTINUE: 'Continua',
  MOONPAY_PENDING_TITLE: 'In corso',
  MOONPAY_PENDING_SUBTITLE: 'Torna su MoonPay per completare il finanziamento del tuo account. Questa schermata si aggiornerà appena l’acquisto sarà confermato.',
  MOONPAY_WAITING_LABEL: 'In attesa di MoonPay',
  MOONPAY_AUTHORIZATION_TITLE: 'In attesa di autorizzazione',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPay è in attesa della tua autorizzazione al pagamento. Il wallet verrà finanziato appena lo autorizzi.',
  MOONPAY_COMPLETED_TITLE: 'Fondi aggiunti',
  MOONPAY_COMPLETED_SUBTITLE: 'L’acquisto è stato completato. I fondi sono nel tuo wallet.',
  MOONPAY_DONE: 'Fine',
  MOONPAY_FAILED: 'Si è verificato un problema durante l’aggiunta di fondi da MoonPay. Riprova o usa un altro metodo per finanziare il tuo wallet.',
  MOONPAY_POPUP_BLOCKED: 'Impossibile avviare la procedura',
}
