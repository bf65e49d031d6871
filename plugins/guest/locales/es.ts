/** Spanish (es) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: 'La vinculación no está disponible en el modo invitado',
  GUEST_DISABLED: 'El acceso como invitado no está activado en esta app.',
  GUEST_INVALID_CREDENTIAL: 'No se ha aceptado tu clave de invitado. Inténtalo de nuevo.',
  GUEST_SIGN_IN_FAILED: 'No se ha podido continuar como invitado. Inténtalo de nuevo.',
  GUEST_METHOD_LABEL: 'Continuar como invitado',
  GUEST_WORKING_TITLE: 'Continuando como invitado',
  GUEST_WORKING_SUBTITLE: 'Preparando tu cuenta de invitado en este dispositivo.',
  GUEST_WORKING: 'Iniciando sesión',
  GUEST_SUCCESS_TITLE: '¡Hecho!',
  GUEST_SUCCESS_SUBTITLE: '¡Todo listo!',
  GUEST_ERROR_TITLE: 'No se ha podido continuar como invitado',
}
