import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDarkClass } from './theme-class';

describe('setDarkClass', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.documentElement.classList.remove('dark');
  });

  it('switches the class with transitions suspended, reads the style before lifting the suspension', () => {
    const seen: { dark: boolean; suspended: boolean }[] = [];
    const real = window.getComputedStyle.bind(window);
    vi.spyOn(window, 'getComputedStyle').mockImplementation((el, pseudo) => {
      const style = document.getElementById('theme-switch-no-transitions');
      seen.push({
        dark: document.documentElement.classList.contains('dark'),
        suspended: style?.textContent?.includes('transition:none!important') ?? false,
      });
      return real(el, pseudo);
    });
    setDarkClass(true);
    expect(seen).toEqual([{ dark: true, suspended: true }]);
    expect(document.getElementById('theme-switch-no-transitions')).toBeNull();
    setDarkClass(false);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(seen).toHaveLength(2);
  });

  it('does nothing when the class is already as asked', () => {
    const spy = vi.spyOn(window, 'getComputedStyle');
    setDarkClass(false);
    expect(spy).not.toHaveBeenCalled();
    expect(document.head.querySelector('style#theme-switch-no-transitions')).toBeNull();
  });
});
