/**
 * Message keys that exist only in tests: the made-up plugins of kernel and screen tests (`GREETER_HELLO`,
 * `PROBE_FAILED`…) register their tables at run time, and this declares their keys to the type checker,
 * the way each plugin's English table declares its own (see `MessageKeys` in kernel/messages.ts).
 * @module
 */

declare module '../../kernel/messages' {
  interface MessageKeys {
    EMAIL_HELLO: true
    GREETER_HELLO: true
    GREETER_BYE: true
    SLOW_TEXT: true
    CODE_BAD_ADDRESS: true
    CODE_FAILED: true
    PROBE_RESEND_IN: true
    PROBE_WRONG_CODE: true
    PROBE_GO_BACK: true
    PROBE_FAILED: true
    TEST_CARD: true
  }
}

export {}
