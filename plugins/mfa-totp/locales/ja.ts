/** Japanese (ja) texts of the mfa-totp plugin. */
export default {
  MFA_TOTP_LABEL: '認証アプリ',
  MFA_TOTP_DESCRIPTION: 'Google Authenticatorなどのアプリに表示されるコード',
  MFA_TOTP_PROMPT: '認証アプリに表示されている6桁のコードを入力してください。',
  MFA_TOTP_ENROLL_TITLE: '認証アプリを設定',
  MFA_TOTP_ENROLL_SUBTITLE: '認証アプリでQRコードをスキャンするか、キーを手動で入力してください。',
  MFA_TOTP_QR_LABEL: 'このアカウントを認証アプリに追加するためのQRコード',
  MFA_TOTP_PREPARING: '準備しています…',
  MFA_TOTP_SECRET_LABEL: 'セットアップキー',
  MFA_TOTP_COPY: 'キーをコピー',
  MFA_TOTP_COPIED: 'コピーしました',
  MFA_TOTP_CODE_PROMPT: '次に、アプリに表示される6桁のコードを入力してください。',
  MFA_TOTP_ADDED_TITLE: '認証アプリを追加しました',
  MFA_TOTP_ADDED_SUBTITLE: 'ウォレットで署名や送信を行う前に、認証アプリのコードを入力します。',
  MFA_TOTP_RETRY: 'もう一度試す',
  MFA_TOTP_REMOVE_TITLE: '認証アプリを削除しますか？',
  MFA_TOTP_REMOVE_BODY: '認証アプリのコードは本人確認に使われなくなります。',
}
