/**
 * A value with the version of the data it is made from: equal versions give equal values, so a caller may keep one
 * value per version and call `value()` only for a version it has not kept. `value()` is made from the same data the
 * version names, even when that data has changed since.
 */
export interface Versioned<T> {
  readonly version: string;
  value(): T;
}
