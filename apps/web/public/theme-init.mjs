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
    if (
      (location.pathname === '/' || location.pathname === '/login') &&
      localStorage.getItem('auth_token') &&
      localStorage.getItem('user_data')
    ) {
      location.replace('/dashboard');
    }
  } catch (e) {
    /* storage unavailable: keep the light default */
  }
})();
