// The script of the prerendered landing page (dist/landing.html, served for '/'): the page paints from HTML and
// CSS alone; this small module, with no React, reads the live figures, makes the theme button work and reports the
// page view. An investor who chose English gets the app itself (it renders the English landing over this one).
// A signed-in visitor never sees this page: theme-init.mjs sends them to /dashboard before it paints.
import { platformStatsView } from '@/features/landing/static/platform-stats-view';
import { loadApp } from '@/lib/load-app';
import { MARKET_SOURCE_PATH, marketSourceFromBody, marketSourceSentence } from '@/lib/market-source';
import { reportPageView, wireThemeToggle } from '@/lib/static-page';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

async function fillStats(): Promise<void> {
  const root = document.querySelector<HTMLElement>('[data-landing-stats]');
  if (!root) return;
  const setValue = (key: string, text: string) => {
    const value = root.querySelector(`[data-testid="stat-${key}"] dd`);
    if (value) value.textContent = text;
  };
  let body: unknown;
  try {
    const response = await fetch('/api/platform/stats', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(String(response.status));
    body = await response.json();
  } catch {
    body = undefined;
  }
  const view = platformStatsView(body);
  for (const [key, text] of Object.entries(view.values)) setValue(key, text);
  if (view.uptime) {
    const list = root.querySelector('dl');
    const template = root.querySelector('[data-testid="stat-stocks"]');
    if (list && template) {
      const card = template.cloneNode(true) as HTMLElement;
      card.dataset.testid = 'stat-uptime';
      card.querySelector('dt')!.textContent = root.dataset.uptimeLabel ?? '';
      card.querySelector('dd')!.textContent = view.uptime;
      list.append(card);
      list.classList.replace('lg:grid-cols-3', 'lg:grid-cols-4');
    }
  }
  if (view.unavailable) {
    const note = document.createElement('p');
    note.className = 'mt-4 text-center text-sm text-muted-foreground';
    note.textContent = root.dataset.unavailable ?? '';
    root.append(note);
  }
}

/**
 * The hero's source line: the real provider and its delay, or the simulation. Stays hidden when the server does not
 * say (a 404 from a server without the route, a failure): the page's static words claim nothing about the feed.
 */
async function fillSource(): Promise<void> {
  const line = document.querySelector<HTMLElement>('[data-landing-source]');
  if (!line) return;
  let body: unknown;
  try {
    const response = await fetch(MARKET_SOURCE_PATH, { headers: { accept: 'application/json' } });
    // Read even when it is an error (a 404 from a server without the route): an unread body keeps the request open.
    body = await response.json();
  } catch {
    body = undefined;
  }
  const sentence = marketSourceSentence(marketSourceFromBody(body), {
    real: line.dataset.real ?? '',
    realNoDelay: line.dataset.realNoDelay ?? '',
    simulated: line.dataset.simulated ?? '',
  });
  if (sentence) {
    line.textContent = sentence;
    line.hidden = false;
  }
}

if (readStorage(STORAGE_KEYS.language) === 'en') {
  loadApp();
} else {
  wireThemeToggle();
  void fillStats();
  void fillSource();
  reportPageView('/');
}
