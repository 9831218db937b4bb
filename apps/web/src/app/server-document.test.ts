import { describe, expect, it } from 'vitest';
import { SERVER_DATA_ID, type ServerRenderedData } from '@/app/first-visit-data';
import { serverDocument } from '@/app/server-document';

const TEMPLATE = `<!doctype html>
<html lang="tr">
  <head>
    <title>BIST AI</title>
    <script src="/theme-init.mjs"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const DATA: ServerRenderedData = {
  page: '/dashboard',
  updatedAt: 1_795_781_355_725,
  bodies: {
    '/api/x': { success: true, data: { name: 'Gündoğdu </script><script>alert(1)</script>', n: 1 } },
  },
};

describe(serverDocument.name, () => {
  it('puts the markup in a marked #root, the title in <title>, and the data after #root as JSON that reads back whole', () => {
    const html = serverDocument(
      TEMPLATE,
      { html: '<main><h1>Dashboard</h1></main>', title: 'Dashboard & <Özet>' },
      DATA,
    );
    // Inert until the app replaces it: nothing on it answers before.
    expect(html).toContain(
      '<div id="root" data-server-rendered><div data-server-page inert><main><h1>Dashboard</h1></main></div></div>',
    );
    expect(html).toContain('<title>Dashboard &amp; &lt;Özet&gt;</title>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    const block = new RegExp(`<script type="application/json" id="${SERVER_DATA_ID}">([^<]*)</script>`).exec(
      html,
    );
    expect(block).not.toBeNull();
    expect(JSON.parse(block?.[1] ?? '')).toEqual(DATA);
  });

  it('never lets a string in the data close its script element', () => {
    const html = serverDocument(TEMPLATE, { html: '', title: 't' }, DATA);
    // The template's two scripts and the data block close; the name's '</script>' is written \u003c/script>.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });

  it('refuses a template without an empty #root or a <title>', () => {
    expect(() =>
      serverDocument(TEMPLATE.replace('<div id="root"></div>', ''), { html: '', title: '' }, DATA),
    ).toThrow(/empty #root/);
    expect(() =>
      serverDocument(TEMPLATE.replace('<title>BIST AI</title>', ''), { html: '', title: '' }, DATA),
    ).toThrow(/<title>/);
  });
});
