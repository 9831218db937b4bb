// The script of the pages the server renders with their data (the dashboard, app/server-pages.tsx): the page paints
// from its HTML and CSS, and the app loads only after that first paint, so that on a phone's connection its
// JavaScript does not compete with the CSS and font the paint waits for. The app then renders over the page from the
// data sent with it (main.tsx). Links on the page work before it has loaded (they are plain links).
import { loadApp } from '@/lib/load-app';

requestAnimationFrame(() => setTimeout(loadApp, 0));
