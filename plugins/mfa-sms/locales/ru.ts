/** Russian (ru) texts of the mfa-sms plugin. */
export default {
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: 'Код в SMS на ваш телефон',
  MFA_SMS_PROMPT: 'Введите 6-значный код из SMS, которое мы отправили на ваш телефон.',
  MFA_SMS_ENROLL_TITLE: 'Добавьте номер телефона',
  MFA_SMS_ENROLL_SUBTITLE: 'Мы будем отправлять код в SMS на этот номер, когда кошельку понадобится подтверждение, что это вы.',
  MFA_SMS_PHONE_LABEL: 'Номер телефона',
  MFA_SMS_COUNTRY_LABEL: 'Страна',
  MFA_SMS_SEND: 'Отправить код',
  MFA_SMS_INVALID_PHONE: 'Неверный номер телефона',
  MFA_SMS_CODE_TITLE: 'Введите код',
  MFA_SMS_CODE_SUBTITLE: 'Мы отправили 6-значный код в SMS на номер {phone}.',
  MFA_SMS_CHANGE_NUMBER: 'Указать другой номер',
  MFA_SMS_ADDED_TITLE: 'Подтверждение по SMS добавлено',
  MFA_SMS_ADDED_SUBTITLE: 'Прежде чем кошелёк что-то подпишет или отправит, мы пришлём вам код в SMS.',
  MFA_SMS_REMOVE_TITLE: 'Отключить подтверждение по SMS?',
  MFA_SMS_REMOVE_BODY: 'Коды из SMS больше не будут подтверждать вашу личность.',
}
