// KVKK: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in privacy.ts.

/** The word the investor types to confirm the erasure in the UI. */
export const KVKK_ERASURE_CONFIRM_WORD = 'SİL';
