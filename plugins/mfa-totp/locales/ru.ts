/** Russian (ru) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: 'Приложение-аутентификатор',
  MFA_TOTP_DESCRIPTION: 'Код из приложения, например Google Authenticator',
  MFA_TOTP_PROMPT: 'Введите 6-значный код из приложения-аутентификатора.',
  MFA_TOTP_ENROLL_TITLE: 'Настройте приложение-аутентификатор',
  MFA_TOTP_ENROLL_SUBTITLE: 'Отсканируйте QR-код в приложении-аутентификаторе или введите ключ вручную.',
  MFA_TOTP_QR_LABEL: 'QR-код для добавления этого аккаунта в приложение-аутентификатор',
  MFA_TOTP_PREPARING: 'Подготовка…',
  MFA_TOTP_SECRET_LABEL: 'Ключ настройки',
  MFA_TOTP_COPY: 'Копировать ключ',
  MFA_TOTP_COPIED: 'Скопировано',
  MFA_TOTP_CODE_PROMPT: 'Затем введите 6-значный код, который оно покажет.',
  MFA_TOTP_ADDED_TITLE: 'Приложение-аутентификатор добавлено',
  MFA_TOTP_ADDED_SUBTITLE: 'Прежде чем кошелёк что-то подпишет или отправит, вы будете вводить код из этого приложения.',
  MFA_TOTP_RETRY: 'Повторить попытку',
  MFA_TOTP_REMOVE_TITLE: 'Отключить приложение-аутентификатор?',
  MFA_TOTP_REMOVE_BODY: 'Коды из приложения-аутентификатора больше не будут подтверждать вашу личность.',
}
