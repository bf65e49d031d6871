/** Brazilian Portuguese (pt) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: 'Não é possível vincular contas no acesso como visitante',
  GUEST_DISABLED: 'O acesso como visitante não está ativado para este app.',
  GUEST_INVALID_CREDENTIAL: 'Sua chave de visitante não foi aceita. Tente novamente.',
  GUEST_SIGN_IN_FAILED: 'Não foi possível continuar como visitante. Tente novamente.',
  GUEST_METHOD_LABEL: 'Continuar como visitante',
  GUEST_WORKING_TITLE: 'Continuando como visitante',
  GUEST_WORKING_SUBTITLE: 'Configurando sua conta de visitante neste dispositivo.',
  GUEST_WORKING: 'Entrando',
  GUEST_SUCCESS_TITLE: 'Tudo certo!',
  GUEST_SUCCESS_SUBTITLE: 'Pronto, pode continuar!',
  GUEST_ERROR_TITLE: 'Não foi possível continuar como visitante',
}
