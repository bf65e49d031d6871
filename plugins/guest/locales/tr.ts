/** Turkish (tr) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: 'Misafir girişinde hesap bağlama desteklenmez',
  GUEST_DISABLED: 'Bu uygulamada misafir erişimi etkin değil.',
  GUEST_INVALID_CREDENTIAL: 'Misafir anahtarınız kabul edilmedi. Lütfen tekrar deneyin.',
  GUEST_SIGN_IN_FAILED: 'Misafir olarak devam edilemedi. Lütfen tekrar deneyin.',
  GUEST_METHOD_LABEL: 'Misafir olarak devam et',
  GUEST_WORKING_TITLE: 'Misafir olarak devam ediliyor',
  GUEST_WORKING_SUBTITLE: 'Misafir hesabınız bu cihazda hazırlanıyor.',
  GUEST_WORKING: 'Giriş yapılıyor',
  GUEST_SUCCESS_TITLE: 'Başarılı!',
  GUEST_SUCCESS_SUBTITLE: 'Her şey hazır!',
  GUEST_ERROR_TITLE: 'Misafir olarak devam edilemedi',
}
