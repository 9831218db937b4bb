// Web unit tests: findBy*/waitFor wait up to 5 s instead of 1 s. Lazy routes and TanStack Query resolve within
// milliseconds on a quiet machine, but a busy 2-core CI runner can take longer than a second; a real failure still
// fails, only later.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });

// The product-event tracker's beacons go nowhere in unit tests: happy-dom's sendBeacon is a fetch to a server that
// does not exist, whose failure it reports as an unhandled error. Tests that check the tracker replace this stub.
// (A file that runs as on the server, in Vitest's node environment, has no navigator.)
if (typeof navigator !== 'undefined')
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: () => true });
