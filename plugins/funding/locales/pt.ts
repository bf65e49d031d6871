/** Brazilian Portuguese (pt) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: 'Adicione fundos à sua carteira do {app}',
  FUNDING_METHODS_LIST_LABEL: 'Formas de adicionar fundos',
  FUNDING_NOT_ENABLED: 'A adição de fundos à carteira não está ativada',
  FUNDING_CHAIN_NOT_CONFIGURED: 'A rede {id} para adicionar fundos não está na lista de redes do PrivyProvider',
  FUNDING_INVALID_DATA: 'Dados de adição de fundos inválidos',
  FUNDING_NO_FLOW: 'Configuração de adição de fundos não encontrada',
  FUNDING_SOMETHING_WENT_WRONG: 'Algo deu errado',
  FUNDING_AMOUNT_TITLE: 'Confirme ou altere o valor',
  FUNDING_AMOUNT_LABEL: 'Valor ({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: 'Valor',
  FUNDING_AMOUNT_CONTINUE: 'Continuar',
}
