/** Turkish (tr) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: 'Lütfen tekrar deneyin.',
  CAPTCHA_FAILED: 'CAPTCHA doğrulamasını geçemediniz. Lütfen tekrar deneyin.',
  CAPTCHA_TIMEOUT: 'CAPTCHA başarısız oldu',
  CAPTCHA_ERROR: 'CAPTCHA başarısız oldu',
  CAPTCHA_GENERIC: 'Bir sorun oluştu',
  CAPTCHA_UNSUPPORTED_SITE_KEY: 'Desteklenmeyen CAPTCHA site anahtarı',
  CAPTCHA_TITLE: 'İnsan olduğunuz doğrulanıyor',
  CAPTCHA_SUBTITLE: 'Bu yalnızca birkaç saniye sürer.',
  CAPTCHA_INTERACTIVE_TITLE: 'İnsan olduğunuzu doğrulayın',
  CAPTCHA_INTERACTIVE_SUBTITLE: 'Devam etmek için aşağıdaki doğrulamayı tamamlayın.',
  CAPTCHA_SUCCESS: 'Doğrulandı',
  CAPTCHA_ERROR_TITLE: 'Doğrulama başarısız oldu',
  CAPTCHA_RETRYING: 'Tekrar deneniyor…',
  CAPTCHA_HINT: 'Hâlâ çalışmıyor mu? Reklam engelleyicinizi veya VPN’inizi kapatıp tekrar deneyin.',
  CAPTCHA_TRY_AGAIN: 'Tekrar dene',
  CAPTCHA_CANCEL: 'İptal',
}
