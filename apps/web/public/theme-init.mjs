// Classic (non-module) script despite the .mjs name: index.html loads it without type="module".
// Applies the stored theme (or the system preference) before React loads, so the page never flashes the wrong
// palette (spec §4). A separate file rather than an inline script so a strict Content-Security-Policy allows it.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark =
      stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    var lang = localStorage.getItem('language');
    if (lang === 'en' || lang === 'tr') document.documentElement.lang = lang;
    // The landing and sign-in pages are prerendered HTML (landing.html, login.html); a signed-in investor goes to
    // the dashboard before they paint, as the app's GuestOnly guard would send them.
    var signedIn = localStorage.getItem('auth_token') && localStorage.getItem('user_data');
    if ((location.pathname === '/' || location.pathname === '/login') && signedIn) {
      location.replace('/dashboard');
    }
    // The dashboard is rendered by the server with its data, in Turkish, for a signed-in investor: a visitor without
    // a session goes to the sign-in page before it paints, as the app's RequireAuth guard would send them; for an
    // investor who chose English the Turkish markup stays hidden (index.css) until the app renders the page.
    if (location.pathname === '/dashboard' && !signedIn) location.replace('/login');
    if (lang === 'en') document.documentElement.classList.add('hide-server-render');
  } catch (e) {
    /* storage unavailable: keep the light default */
  }
})();
