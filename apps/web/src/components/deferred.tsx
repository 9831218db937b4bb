import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` just after the page around it has painted, in a transition of its own: what lies below the
 * fold then costs a separate, interruptible render and a smaller commit instead of lengthening the first one (on a
 * slow phone that first task is what blocks input). Until then `fallback` holds its place.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : fallback;
}
