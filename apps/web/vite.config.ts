import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress.ts';
import { preloadFont } from './build/preload-font.ts';
import { prerenderPages } from './build/prerender-pages.ts';
import { serverPages } from './build/server-pages.ts';

// The API server in development; API_PROXY_TARGET points the dev/preview proxy elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadFont(), prerenderPages(), serverPages(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/admin/api': apiTarget,
      '/health': apiTarget,
      '/docs': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Stable vendor chunks cache across releases. Radix is not grouped: one group would make the login page load every
        // primitive (select, menu, dialog…) that any page uses.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // Every icon in one chunk (≈ 80 icons, 8.6 kB gz): split per icon they were 17 of the dashboard's 55
            // requests, each a round trip on a phone's connection.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
});
