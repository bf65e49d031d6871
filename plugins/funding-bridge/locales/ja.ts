/** Japanese (ja) texts of the funding-bridge plugin. */
export default {
  BRIDGE_QUOTES_FAILED: 'ブリッジの見積もりを取得できませんでした…',
  BRIDGE_SELECT_FAILED: '見積もりからブリッジのオプションを選択できませんでした…',
  BRIDGE_REJECTED: 'ユーザーがトランザクションを拒否しました',
  BRIDGE_UNSUPPORTED: 'Solanaのテストネットとdevnetではブリッジを利用できません',
}
