/** Brazilian Portuguese (pt) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: 'Não foi possível obter cotações para a bridge…',
  BRIDGE_SELECT_FAILED: 'Não foi possível escolher uma opção de bridge entre as cotações…',
  BRIDGE_REJECTED: 'A transação foi recusada pelo usuário',
  BRIDGE_UNSUPPORTED: 'A bridge não está disponível nas testnets e devnets da Solana',
}
