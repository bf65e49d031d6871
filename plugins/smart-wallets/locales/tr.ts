/** Turkish (tr) texts of the smart wallets plugin. */
export default {
  SMART_WALLETS_PAYMASTER_REFUSED: 'Bu uygulamanın sponsoru, bu işlemin ücretini ödemeyi reddetti.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'Akıllı cüzdan işlemlerini gönderen ağ hizmetine ulaşılamıyor.',
  SMART_WALLETS_REVERTED: 'İşlem geri döndürüldü.',
  SMART_WALLETS_REVERTED_REASON: 'İşlem geri döndürüldü: {reason}',
}
