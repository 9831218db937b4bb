import { Toaster as Sonner, toast } from 'sonner';
import { useTheme } from '@/lib/theme';

/** Toasts for feedback instead of alert(), following the app's theme; bottom right, clear of the top bar's buttons. */
export function Toaster() {
  const { theme } = useTheme();
  return <Sonner theme={theme} position="bottom-right" richColors closeButton />;
}

export { toast };
