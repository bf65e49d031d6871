/** Japanese (ja) texts of the custom-auth plugin. */
export default {
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'ゲストでの利用中はアカウントを連携できません',
  CUSTOM_AUTH_INVALID_TOKEN: 'このアプリのセッションを確認できませんでした。',
  CUSTOM_AUTH_NOT_ENABLED: 'このアプリ独自のアカウントでのログインは有効になっていません。',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'このアプリのセッションを読み取れませんでした。',
  CUSTOM_AUTH_FAILED: 'このアプリのセッションでログインできませんでした。',
}
