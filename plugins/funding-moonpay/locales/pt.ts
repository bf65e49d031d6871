/** Brazilian Portuguese (pt) texts of the funding-moonpay plugin. */
export default {
  MOONPAY_TILE: 'Pagar com cartão',
  MOONPAY_AMOUNT_TITLE: 'Confirme ou altere o valor',
  MOONPAY_AMOUNT_SUBTITLE: 'Compre {symbol} com a MoonPay para {address}.',
  MOONPAY_AMOUNT_LABEL: 'Valor ({symbol})',
  MOONPAY_CONTINUE: 'Continuar',
  MOONPAY_PENDING_TITLE: 'Em andamento',
  MOONPAY_PENDING_SUBTITLE: 'Volte para a MoonPay para concluir a adição de fundos. Esta tela será atualizada quando sua compra for confirmada.',
  MOONPAY_WAITING_LABEL: 'Aguardando a MoonPay',
  MOONPAY_AUTHORIZATION_TITLE: 'Aguardando autorização',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'A MoonPay está aguardando você autorizar o pagamento. Sua carteira recebe os fundos assim que ele for autorizado.',
  MOONPAY_COMPLETED_TITLE: 'Fundos adicionados',
  MOONPAY_COMPLETED_SUBTITLE: 'Sua compra foi concluída. Os fundos já estão na sua carteira.',
  MOONPAY_DONE: 'Concluir',
  MOONPAY_FAILED: 'Algo deu errado ao adicionar fundos pela MoonPay. Tente novamente ou use outro método para adicionar fundos à sua carteira.',
  MOONPAY_POPUP_BLOCKED: 'Não foi possível iniciar o fluxo',
}
