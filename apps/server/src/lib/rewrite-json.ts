/** A JSON value with `rewrite` applied to every string in it, object keys included (structure kept as it is). */
export function rewriteJson(value: unknown, rewrite: (text: string) => string): unknown {
  if (typeof value === 'string') return rewrite(value);
  if (Array.isArray(value)) return value.map((item) => rewriteJson(item, rewrite));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [rewrite(k), rewriteJson(v, rewrite)]),
    );
  return value;
}
