import { describe, expect, it } from 'vitest';
import { staticDocument, stylesFirst, withSplash } from './prerender-pages';

const INDEX = `<!doctype html>
<html lang="tr">
  <head>
    <title>BIST AI</title>
    <script src="/theme-init.mjs"></script>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Cd34.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Ef56.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('staticDocument', () => {
  const page = staticDocument(
    INDEX,
    '<main><h1>Merhaba</h1></main>',
    'Analiz & tahmin · BIST AI',
    '/assets/l-9.js',
  );

  it('puts the markup in #root and the escaped title in <title>', () => {
    expect(page).toContain('<div id="root"><main><h1>Merhaba</h1></main></div>');
    expect(page).toContain('<title>Analiz &amp; tahmin · BIST AI</title>');
  });
  it("drops the app's bundle and preloads, keeps the CSS and theme script, adds the page's script", () => {
    expect(page).not.toContain('src="/assets/index-Ab12.js"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('href="/assets/index-Ef56.css"');
    expect(page).toContain('<script src="/theme-init.mjs"></script>');
    expect(page).toContain('<script type="module" crossorigin src="/assets/l-9.js"></script>');
    expect(page).toContain('<meta name="bist-app-entry" content="/assets/index-Ab12.js" />');
    // The preloads' URLs, for lib/load-app.ts to ask for with the entry.
    expect(page).toContain('<meta name="bist-app-modules" content="/assets/react-Cd34.js" />');
  });
  it("inserts markup and title as they are, a '$' included (no replacement pattern)", () => {
    const page = staticDocument(INDEX, '<p>₺1 = $1 $&</p>', 'Fiyat $&', '/assets/l-9.js');
    expect(page).toContain('<div id="root"><p>₺1 = $1 $&</p></div>');
    expect(page).toContain('<title>Fiyat $&amp;</title>');
  });
  it('refuses an index.html it does not understand', () => {
    expect(() => staticDocument('<html></html>', '', '', '')).toThrow(/entry script/);
  });
});

describe('withSplash', () => {
  it("puts the splash in #root and keeps the app's entry", () => {
    const page = withSplash(INDEX, '<div aria-busy="true"><svg></svg></div>');
    expect(page).toContain('<div id="root"><div aria-busy="true"><svg></svg></div></div>');
    expect(page).toContain('src="/assets/index-Ab12.js"');
    expect(() => withSplash('<html></html>', '')).toThrow(/#root/);
  });
});

describe('stylesFirst', () => {
  it('moves the stylesheet and the font preload before the module scripts, each once, nothing else changed', () => {
    const withFont = INDEX.replace(
      '  </head>',
      '    <link rel="preload" href="/assets/inter-Gh78.woff2" as="font" type="font/woff2" crossorigin="">\n  </head>',
    );
    const page = stylesFirst(withFont);
    const at = (text: string) => page.indexOf(text);
    expect(at('index-Ef56.css')).toBeLessThan(at('<script type="module"'));
    expect(at('inter-Gh78.woff2')).toBeLessThan(at('<script type="module"'));
    expect(at('theme-init.mjs')).toBeLessThan(at('index-Ef56.css'));
    expect(page.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(page.match(/as="font"/g)).toHaveLength(1);
    expect(page).toContain(
      '    <link rel="stylesheet" crossorigin href="/assets/index-Ef56.css">\n    <link rel="preload"',
    );
    expect([...page].sort().join('')).toBe([...withFont].sort().join(''));
  });
});
