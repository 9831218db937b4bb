import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './fonts.css';
import './index.css';
import { App } from '@/app/app';
import { adoptServerRender, prefetchFirstVisit, settledWithin } from '@/app/first-visit-data';
import { createQueryClient } from '@/app/providers/query-client';
import { preloadFirstVisit } from '@/app/router';
import { languageReady } from '@/lib/i18n';
import { startIntlWarmup } from '@/lib/intl-warmup';

/** How long the first render waits for the first page's chunks and data before it shows loading states. */
const FIRST_VISIT_WAIT_MS = 1_500;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
startIntlWarmup();

// The first page's chunks and data start loading together, before React renders anything. Turkish is bundled, so
// languageReady resolves at once; an investor who chose English waits for its strings (one small request) rather
// than seeing the first screen in keys.
// A page the server rendered (the dashboard) brings its data: its queries are filled from it, nothing is asked again.
const queryClient = createQueryClient();
const fromServer = adoptServerRender(root, location.pathname, queryClient);
const firstVisit = settledWithin(
  Promise.all([
    preloadFirstVisit(location.pathname),
    fromServer ? null : prefetchFirstVisit(location.pathname, queryClient),
  ]),
  FIRST_VISIT_WAIT_MS,
);

// The first render waits (the splash showing) for the first page's chunks and data, up to FIRST_VISIT_WAIT_MS:
// React then builds the page once, as a transition rendered in slices that yield to the browser, instead of
// building it around loading states and rebuilding it synchronously as each response lands.
void Promise.all([languageReady(), firstVisit]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  ),
);
