/** Turkish (tr) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: 'Kimlik doğrulama uygulaması',
  MFA_TOTP_DESCRIPTION: 'Google Authenticator gibi bir uygulamadan alınan kod',
  MFA_TOTP_PROMPT: 'Kimlik doğrulama uygulamanızdaki 6 haneli kodu girin.',
  MFA_TOTP_ENROLL_TITLE: 'Kimlik doğrulama uygulamanızı kurun',
  MFA_TOTP_ENROLL_SUBTITLE: 'QR kodunu kimlik doğrulama uygulamanızla tarayın veya anahtarı elle girin.',
  MFA_TOTP_QR_LABEL: 'Bu hesabı kimlik doğrulama uygulamanıza eklemek için QR kodu',
  MFA_TOTP_PREPARING: 'Hazırlanıyor…',
  MFA_TOTP_SECRET_LABEL: 'Kurulum anahtarı',
  MFA_TOTP_COPY: 'Anahtarı kopyala',
  MFA_TOTP_COPIED: 'Kopyalandı',
  MFA_TOTP_CODE_PROMPT: 'Ardından uygulamada görünen 6 haneli kodu girin.',
  MFA_TOTP_ADDED_TITLE: 'Kimlik doğrulama uygulaması eklendi',
  MFA_TOTP_ADDED_SUBTITLE: 'Cüzdanınız bir şey imzalamadan veya göndermeden önce bu uygulamadaki kodu gireceksiniz.',
  MFA_TOTP_RETRY: 'Tekrar dene',
  MFA_TOTP_REMOVE_TITLE: 'Kimlik doğrulama uygulaması kaldırılsın mı?',
  MFA_TOTP_REMOVE_BODY: 'Kimlik doğrulama uygulamanızdaki kodlar artık kimliğinizi doğrulamayacak.',
}
