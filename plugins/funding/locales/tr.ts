/** Turkish (tr) texts of the funding plugin. */
export default {
  FUNDING_METHODS_TITLE: '{app} cüzdanınıza bakiye ekleyin',
  FUNDING_METHODS_LIST_LABEL: 'Bakiye ekleme yöntemleri',
  FUNDING_NOT_ENABLED: 'Cüzdana bakiye ekleme etkin değil',
  FUNDING_CHAIN_NOT_CONFIGURED: 'Bakiye ekleme için {id} ağı, PrivyProvider ağ listesinde yok',
  FUNDING_INVALID_DATA: 'Geçersiz bakiye ekleme verisi',
  FUNDING_NO_FLOW: 'Bakiye ekleme yapılandırması bulunamadı',
  FUNDING_SOMETHING_WENT_WRONG: 'Bir sorun oluştu',
  FUNDING_AMOUNT_TITLE: 'Tutarı onaylayın veya düzenleyin',
  FUNDING_AMOUNT_LABEL: 'Tutar ({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: 'Tutar',
  FUNDING_AMOUNT_CONTINUE: 'Devam et',
}
