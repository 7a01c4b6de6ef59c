/* global window, document */
// Runs before the app bundle so the page never flashes the wrong theme.
// Mirrors src/web/lib/theme.ts: key 'theme', values light | dark | auto (default auto).
(function () {
  try {
    var stored = window.localStorage.getItem('theme');
    var prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    var dark = stored === 'dark' || (stored !== 'light' && prefersDark);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // Storage can be unavailable (privacy mode); the app applies the theme once it loads.
  }
})();
