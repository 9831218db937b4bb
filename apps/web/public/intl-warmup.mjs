// Classic worker script despite the .mjs name (as theme-init.mjs), started by the app's entry (src/lib/intl-warmup.ts).
// The first Intl object a renderer process builds loads ICU's locale data (measured in Chromium: ≈ 60 ms on our
// 2-core hosts, 4 × that on Lighthouse's phone profile); that data is shared by the process's threads, so building
// the pages' formatters here first moves the cost off the main thread: its first NumberFormat then takes ≈ 0.2 ms
// (decision 0039).
(function () {
  try {
    var now = new Date();
    ['tr-TR', 'en-US', 'en-GB'].forEach(function (locale) {
      new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2 }).format(0.5);
      new Intl.DateTimeFormat(locale, {
        timeZone: 'Europe/Istanbul',
        dateStyle: 'medium',
        timeStyle: 'medium',
      }).format(now);
      new Intl.PluralRules(locale).select(1);
    });
  } catch (e) {
    /* no Intl: nothing to warm */
  }
  close();
})();
