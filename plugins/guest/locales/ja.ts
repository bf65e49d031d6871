/** Japanese (ja) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: 'ゲストでの利用中はアカウントを連携できません',
  GUEST_DISABLED: 'このアプリではゲストアクセスが有効になっていません。',
  GUEST_INVALID_CREDENTIAL: 'ゲストキーが受け付けられませんでした。もう一度お試しください。',
  GUEST_SIGN_IN_FAILED: 'ゲストとして続けられませんでした。もう一度お試しください。',
  GUEST_METHOD_LABEL: 'ゲストとして続ける',
  GUEST_WORKING_TITLE: 'ゲストとして続けています',
  GUEST_WORKING_SUBTITLE: 'このデバイスでゲストアカウントを準備しています。',
  GUEST_WORKING: 'ログインしています',
  GUEST_SUCCESS_TITLE: '完了しました',
  GUEST_SUCCESS_SUBTITLE: '準備が整いました。',
  GUEST_ERROR_TITLE: 'ゲストとして続けられませんでした',
}
