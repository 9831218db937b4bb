import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './fonts.css';
import './index.css';
import { App } from '@/app/app';
import { languageReady } from '@/lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Turkish is bundled, so this resolves at once; an investor who chose English waits for its strings (one small
// request) rather than seeing the first screen in keys.
void languageReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
