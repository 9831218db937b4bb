import { randomBytes } from 'node:crypto';

/** An incoming X-Request-Id is kept when it looks like an id (a proxy's or a client's), else a new one is made. */
const INCOMING_ID_PATTERN = /^[\w.-]{1,64}$/;

/**
 * Request ids unique across processes without a UUID per request: a random 48-bit prefix per process (per app) and
 * a counter, e.g. '3f9a0c1be27d-1k3'. A UUID per request cost 2 % of the CPU of a cached market answer.
 */
export function requestIdGenerator(): (incoming: string | string[] | undefined) => string {
  const prefix = randomBytes(6).toString('hex');
  let counter = 0;
  return (incoming) => {
    if (typeof incoming === 'string' && INCOMING_ID_PATTERN.test(incoming)) return incoming;
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}
