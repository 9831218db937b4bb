import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './fonts.css';
import './index.css';
import { App } from '@/app/app';
import { prefetchFirstVisit } from '@/app/first-visit-data';
import { createQueryClient } from '@/app/providers/query-client';
import { preloadFirstVisit } from '@/app/router';
import { languageReady } from '@/lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first page's chunks and data start loading together, before React renders anything. Turkish is bundled, so
// languageReady resolves at once; an investor who chose English waits for its strings (one small request) rather
// than seeing the first screen in keys.
const queryClient = createQueryClient();
preloadFirstVisit(location.pathname);
prefetchFirstVisit(location.pathname, queryClient);

// The first render as a transition: React renders it in slices and yields to the browser between them (input
// stays responsive on a slow phone; no long task while the page builds).
void languageReady().then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  ),
);
