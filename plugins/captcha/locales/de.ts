/** German (de) texts of the captcha plugin. */
export default {
  CAPTCHA_INVALID: 'Bitte versuchen Sie es erneut.',
  CAPTCHA_FAILED: 'Die CAPTCHA-Prüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  CAPTCHA_TIMEOUT: 'CAPTCHA fehlgeschlagen',
  CAPTCHA_ERROR: 'CAPTCHA fehlgeschlagen',
  CAPTCHA_GENERIC: 'Etwas ist schiefgelaufen',
  CAPTCHA_UNSUPPORTED_SITE_KEY: 'Nicht unterstützter CAPTCHA-Websiteschlüssel',
  CAPTCHA_TITLE: 'Wir prüfen, ob Sie ein Mensch sind',
  CAPTCHA_SUBTITLE: 'Das dauert nur einen Moment.',
  CAPTCHA_INTERACTIVE_TITLE: 'Bestätigen Sie, dass Sie ein Mensch sind',
  CAPTCHA_INTERACTIVE_SUBTITLE: 'Schließen Sie die Prüfung unten ab, um fortzufahren.',
  CAPTCHA_SUCCESS: 'Bestätigt',
  CAPTCHA_ERROR_TITLE: 'Prüfung fehlgeschlagen',
  CAPTCHA_RETRYING: 'Neuer Versuch…',
  CAPTCHA_HINT: 'Klappt es immer noch nicht? Deaktivieren Sie Ihren Werbeblocker oder Ihr VPN und versuchen Sie es erneut.',
  CAPTCHA_TRY_AGAIN: 'Erneut versuchen',
  CAPTCHA_CANCEL: 'Abbrechen',
}
