/** Turkish (tr) texts of the siws plugin. */
export default {
  SIWS_LINKED_TO_ANOTHER_USER: 'Farklı bir cüzdan kullanın',
  SIWS_SIGNATURE_FAILED: 'Cüzdan bağlanamadı',
  SIWS_NOT_SUPPORTED: 'Bu cüzdan düz bir mesajla giriş yapamıyor.',
}
