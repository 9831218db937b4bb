import { afterEach, describe, expect, it } from 'vitest';
import { loadApp } from '@/lib/load-app';

afterEach(() => {
  document.head.replaceChildren();
});

describe(loadApp.name, () => {
  it("asks for the app's modules together, as modulepreload links, when the page names its entry", () => {
    // The entry is a data: module, so the import itself succeeds without a server.
    document.head.innerHTML = `<meta name="bist-app-entry" content="data:text/javascript,export{}" /><meta name="bist-app-modules" content="/assets/react-1.js /assets/query-2.js" />`;
    loadApp();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/react-1.js',
      '/assets/query-2.js',
    ]);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('does nothing on a page without an entry', () => {
    document.head.innerHTML = '<meta name="bist-app-modules" content="/assets/react-1.js" />';
    loadApp();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
