import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './fonts.css';
import './index.css';
import { App } from '@/app/app';
import { prefetchFirstVisit } from '@/app/first-visit-data';
import { createQueryClient } from '@/app/providers/query-client';
import { preloadFirstVisit } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first page's chunks and data start loading together, before React renders anything.
const queryClient = createQueryClient();
preloadFirstVisit(location.pathname);
prefetchFirstVisit(location.pathname, queryClient);

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
