/** Japanese (ja) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: 'スマートフォンにSMSでコードを送信',
  MFA_SMS_PROMPT: 'SMSで送信された6桁のコードを入力してください。',
  MFA_SMS_ENROLL_TITLE: '電話番号を追加',
  MFA_SMS_ENROLL_SUBTITLE: 'ウォレットで本人確認が必要になったときに、この番号にSMSでコードを送信します。',
  MFA_SMS_PHONE_LABEL: '電話番号',
  MFA_SMS_COUNTRY_LABEL: '国・地域',
  MFA_SMS_SEND: 'コードを送信',
  MFA_SMS_INVALID_PHONE: '電話番号が無効です',
  MFA_SMS_CODE_TITLE: 'コードを入力',
  MFA_SMS_CODE_SUBTITLE: '{phone}にSMSで6桁のコードを送信しました。',
  MFA_SMS_CHANGE_NUMBER: '別の番号を使う',
  MFA_SMS_ADDED_TITLE: 'SMSによる本人確認を追加しました',
  MFA_SMS_ADDED_SUBTITLE: 'ウォレットで署名や送信を行う前に、SMSでコードをお送りします。',
  MFA_SMS_REMOVE_TITLE: 'SMSによる本人確認を削除しますか？',
  MFA_SMS_REMOVE_BODY: 'SMSで届くコードは本人確認に使われなくなります。',
}
