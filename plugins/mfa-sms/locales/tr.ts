/** Turkish (tr) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: 'Telefonunuza SMS ile gönderilen kod',
  MFA_SMS_PROMPT: 'Telefonunuza SMS ile gönderdiğimiz 6 haneli kodu girin.',
  MFA_SMS_ENROLL_TITLE: 'Telefon numaranızı ekleyin',
  MFA_SMS_ENROLL_SUBTITLE: 'Cüzdanınızın siz olduğunuzu doğrulaması gerektiğinde bu numaraya SMS ile bir kod göndereceğiz.',
  MFA_SMS_PHONE_LABEL: 'Telefon numarası',
  MFA_SMS_COUNTRY_LABEL: 'Ülke',
  MFA_SMS_SEND: 'Kod gönder',
  MFA_SMS_INVALID_PHONE: 'Geçersiz telefon numarası',
  MFA_SMS_CODE_TITLE: 'Kodu girin',
  MFA_SMS_CODE_SUBTITLE: '{phone} numarasına SMS ile 6 haneli bir kod gönderdik.',
  MFA_SMS_CHANGE_NUMBER: 'Başka bir numara kullan',
  MFA_SMS_ADDED_TITLE: 'SMS ile doğrulama eklendi',
  MFA_SMS_ADDED_SUBTITLE: 'Cüzdanınız bir şey imzalamadan veya göndermeden önce size SMS ile bir kod göndereceğiz.',
  MFA_SMS_REMOVE_TITLE: 'SMS ile doğrulama kaldırılsın mı?',
  MFA_SMS_REMOVE_BODY: 'Telefonunuza SMS ile gönderilen kodlar artık kimliğinizi doğrulamayacak.',
}
