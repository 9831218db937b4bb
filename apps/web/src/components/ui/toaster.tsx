import { Toaster as Sonner, toast } from 'sonner';
import { useTheme } from '@/lib/theme';

/** Toasts for feedback instead of alert(), following the app's theme. */
export function Toaster() {
  const { theme } = useTheme();
  return <Sonner theme={theme} position="top-right" richColors closeButton />;
}

export { toast };
