/** Turkish (tr) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: 'Köprü için fiyat teklifleri alınamadı…',
  BRIDGE_SELECT_FAILED: 'Tekliflerden bir köprü seçeneği seçilemedi…',
  BRIDGE_REJECTED: 'İşlem kullanıcı tarafından reddedildi',
  BRIDGE_UNSUPPORTED: 'Köprüleme Solana test ağlarında ve devnet’lerde desteklenmez',
}
