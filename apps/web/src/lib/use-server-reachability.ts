import { useSyncExternalStore } from 'react';
import { currentReachability, subscribeReachability, type Reachability } from '@/lib/server-reachability';

/**
 * The server's reachability for the header; re-renders when it changes. Apart from server-reachability.ts so the
 * prerendered sign-in page's script, which reports every answer through it, loads no React.
 */
export function useServerReachability(): Reachability {
  return useSyncExternalStore(subscribeReachability, currentReachability, () => 'reachable');
}
