/** Turkish (tr) texts of the solana plugin. */
export default {
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'Bu cüzdan mesaj imzalamayı desteklemiyor.',
  SOLANA_MESSAGE_NOT_STRING: 'Solana mesajı bir metin (string) olmalıdır.',
  SOLANA_INTERSTITIAL_TITLE: 'Phantom’da açın',
  SOLANA_INTERSTITIAL_DETAIL: 'Phantom cüzdanınızı bağlamak için Phantom uygulamasında devam edin.',
  SOLANA_CONTINUE: 'Devam et',
  SOLANA_STILL_HERE_TITLE: 'Hâlâ burada mısınız?',
  SOLANA_STILL_HERE_DETAIL: 'Phantom açılmadıysa tekrar deneyin veya Phantom uygulamasını yükleyin.',
  SOLANA_TRY_AGAIN: 'Tekrar dene',
  SOLANA_INSTALL_TITLE: 'Phantom’u yükleyin',
  SOLANA_INSTALL_DETAIL: 'Bu tarayıcıda Phantom yüklü değil. Phantom’u yükleyin, ardından bağlanmak için bu sayfayı yenileyin.',
  SOLANA_INSTALL_PHANTOM_CTA: 'Phantom’u edinin',
  SOLANA_LEARN_MORE: 'Phantom hakkında daha fazla bilgi',
}
