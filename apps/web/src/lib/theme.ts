import { createContext, useContext } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { setDarkClass } from '@/lib/theme-class';

export type Theme = 'light' | 'dark';

/** The stored value when it is 'light' or 'dark', else the system's dark-mode preference. */
export function resolveInitialTheme(stored: string | null, systemPrefersDark: boolean): Theme {
  if (stored === 'light' || stored === 'dark') return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function readInitialTheme(): Theme {
  return resolveInitialTheme(readStorage(STORAGE_KEYS.theme), systemPrefersDark());
}

/** Sets the `dark` class on <html> (in one frame: see setDarkClass). */
export function applyTheme(theme: Theme): void {
  setDarkClass(theme === 'dark');
}

/** Each change is saved, so the next visit starts in the same theme. */
export function saveTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme);
}

export interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
