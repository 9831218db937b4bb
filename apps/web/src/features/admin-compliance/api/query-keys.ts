/** Every compliance query starts with this key; a mutation invalidates them all. */
export const COMPLIANCE_KEY = ['admin', 'compliance'] as const;
