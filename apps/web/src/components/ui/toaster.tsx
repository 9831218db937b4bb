import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '@/lib/utils';

// Toasts for feedback instead of alert(): our own, ≈ 1 kB. sonner (9 kB gz) was in every page's first load, and a
// lazy-loaded one cannot show the toast that matters most — the one saying the connection is gone.

type Kind = 'success' | 'error' | 'info';

interface ToastOptions {
  /** A toast with the id of one on screen replaces it in place. */
  id?: string | number;
  description?: ReactNode;
  /** Milliseconds on screen; 4 s unless given. */
  duration?: number;
}

interface ToastItem {
  key: number;
  id: string | number | undefined;
  kind: Kind;
  message: ReactNode;
  description: ReactNode;
  duration: number;
}

const DEFAULT_DURATION_MS = 4_000;
/** More would push the page's own content out of sight on a phone. */
const MAX_VISIBLE = 3;

let toasts: ToastItem[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function dismissToast(key: number): void {
  publish(toasts.filter((item) => item.key !== key));
}

function show(kind: Kind, message: ReactNode, options: ToastOptions = {}): void {
  const item: ToastItem = {
    key: nextKey++,
    id: options.id,
    kind,
    message,
    description: options.description,
    duration: options.duration ?? DEFAULT_DURATION_MS,
  };
  const same = options.id === undefined ? -1 : toasts.findIndex((t) => t.id === options.id);
  publish(same >= 0 ? toasts.map((t, i) => (i === same ? item : t)) : [...toasts, item].slice(-MAX_VISIBLE));
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
};

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;
const ICON_CLASS = { success: 'text-up', error: 'text-down', info: 'text-primary' } as const;

function ToastCard({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismissToast(item.key), item.duration);
  };
  const pause = () => clearTimeout(timer.current);
  useEffect(() => {
    start();
    return pause;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per toast (a replaced toast has a new key)
  }, [item.key]);
  const Icon = ICONS[item.kind];
  return (
    <div
      className="pointer-events-auto flex items-start gap-3 rounded-lg border bg-popover p-3 text-sm text-popover-foreground shadow-lg"
      role={item.kind === 'error' ? 'alert' : 'status'}
      data-kind={item.kind}
      onPointerEnter={pause}
      onPointerLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', ICON_CLASS[item.kind])} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{item.message}</p>
        {item.description ? <p className="mt-0.5 text-muted-foreground">{item.description}</p> : null}
      </div>
      <button
        type="button"
        className="-m-1 shrink-0 cursor-pointer rounded p-1 text-muted-foreground hover:text-foreground"
        aria-label={closeLabel}
        onClick={() => dismissToast(item.key)}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Where toasts appear: bottom right, clear of the top bar's buttons; announced politely (errors at once). */
export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div
      className="pointer-events-none fixed bottom-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      aria-live="polite"
      data-testid="toaster"
    >
      {items.map((item) => (
        <ToastCard key={item.key} item={item} closeLabel={t('common.close')} />
      ))}
    </div>
  );
}
