/** Italian (it) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: 'Impossibile ottenere le quotazioni per il bridge…',
  BRIDGE_SELECT_FAILED: 'Impossibile selezionare un’opzione di bridge tra le quotazioni…',
  BRIDGE_REJECTED: 'L’utente ha rifiutato la transazione',
  BRIDGE_UNSUPPORTED: 'Il bridge non è supportato sulle testnet e devnet di Solana',
}
