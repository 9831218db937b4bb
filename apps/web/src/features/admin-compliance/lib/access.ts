/** Whether the staff member holds any of these permissions (or `all`): what COMPLIANCE_ACCESS lists per action. */
export const holds = (permissions: readonly string[] | undefined, any: readonly string[]): boolean =>
  Boolean(permissions?.some((p) => p === 'all' || any.includes(p)));
