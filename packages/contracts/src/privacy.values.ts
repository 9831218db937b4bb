// KVKK: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in privacy.ts.

/** The word the investor types to confirm the erasure in the UI. */
export const KVKK_ERASURE_CONFIRM_WORD = 'SİL';

/**
 * The version of the aydınlatma metni (KVKK art. 10 privacy notice) a registration acknowledges; stored with the
 * account so a later change of the notice can tell who saw which text.
 */
export const PRIVACY_NOTICE_VERSION = '1';
