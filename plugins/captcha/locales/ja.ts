/** Japanese (ja) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: 'もう一度お試しください。',
  CAPTCHA_FAILED: 'CAPTCHA認証を通過できませんでした。もう一度お試しください。',
  CAPTCHA_TIMEOUT: 'CAPTCHA認証に失敗しました',
  CAPTCHA_ERROR: 'CAPTCHA認証に失敗しました',
  CAPTCHA_GENERIC: '問題が発生しました',
  CAPTCHA_UNSUPPORTED_SITE_KEY: '対応していないCAPTCHAサイトキーです',
  CAPTCHA_TITLE: 'ロボットでないことを確認しています',
  CAPTCHA_SUBTITLE: '少々お待ちください。',
  CAPTCHA_INTERACTIVE_TITLE: 'ロボットでないことを確認してください',
  CAPTCHA_INTERACTIVE_SUBTITLE: '続けるには、下の確認を完了してください。',
  CAPTCHA_SUCCESS: '確認しました',
  CAPTCHA_ERROR_TITLE: '確認に失敗しました',
  CAPTCHA_RETRYING: '再試行しています…',
  CAPTCHA_HINT: 'それでもうまくいかない場合は、広告ブロッカーやVPNをオフにしてもう一度お試しください。',
  CAPTCHA_TRY_AGAIN: 'もう一度試す',
  CAPTCHA_CANCEL: 'キャンセル',
}
