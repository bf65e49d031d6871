/** German (de) texts of the guest plugin. */
export default {
  GUEST_LINK_UNSUPPORTED: 'Verknüpfen ist bei der Gast-Anmeldung nicht möglich',
  GUEST_DISABLED: 'Der Gastzugang ist für diese App nicht aktiviert.',
  GUEST_INVALID_CREDENTIAL: 'Ihr Gastschlüssel wurde nicht akzeptiert. Bitte versuchen Sie es erneut.',
  GUEST_SIGN_IN_FAILED: 'Fortfahren als Gast nicht möglich. Bitte versuchen Sie es erneut.',
  GUEST_METHOD_LABEL: 'Als Gast fortfahren',
  GUEST_WORKING_TITLE: 'Weiter als Gast',
  GUEST_WORKING_SUBTITLE: 'Ihr Gastkonto wird auf diesem Gerät eingerichtet.',
  GUEST_WORKING: 'Sie werden angemeldet',
  GUEST_SUCCESS_TITLE: 'Geschafft!',
  GUEST_SUCCESS_SUBTITLE: 'Alles bereit!',
  GUEST_ERROR_TITLE: 'Fortfahren als Gast nicht möglich',
}
