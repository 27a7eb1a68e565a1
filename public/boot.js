// Runs in <head> before the app's bundle, so a reload paints the reader's theme,
// language and direction from the first frame (no light flash before a dark
// theme). A file, not an inline script: the page's CSP allows scripts from
// 'self' only. It mirrors src/shell/palette.ts and src/shell/preferences.ts;
// tests/unit/shell/boot-script.test.ts keeps them equal. Unknown stored values
// are ignored: the app then applies the configured defaults.
(function () {
  var PRIMARY = {
    bluenavy: '#1f3a68',
    blueyale: '#0f4d92',
    blueolympic: '#007ab7',
    greenmoss: '#5b7f3a',
    greenlime: '#568019',
    purplemonster: '#6f42c1',
    orangecarrot: '#be5515',
    redruby: '#c0143c',
    yellowgranola: '#956f13',
    greysteel: '#5f6b7a',
  };
  var BACKGROUND = { light: '#f5f5f5', dark: '#000000' };
  var TEXT = { light: 'rgba(0,0,0,0.88)', dark: 'rgba(255,255,255,0.85)' };

  function read(key, allowed, fallback) {
    try {
      var value = window.localStorage.getItem(key);
      return allowed.indexOf(value) >= 0 ? value : fallback;
    } catch {
      // Storage refused (privacy mode, a sandboxed frame): the defaults apply.
      return fallback;
    }
  }

  var root = document.documentElement;
  var theme = read('theme', Object.keys(PRIMARY), 'blueolympic');
  var mode = read('themeMode', ['light', 'dark'], 'light');
  root.setAttribute('data-theme', theme);
  root.setAttribute('data-theme-mode', mode);
  root.setAttribute('data-radius', read('radius', ['rounded', 'flat'], 'rounded'));
  root.setAttribute('lang', read('language', ['en', 'es'], root.getAttribute('lang') || 'en'));
  root.setAttribute('dir', read('direction', ['ltr', 'rtl'], root.getAttribute('dir') || 'ltr'));
  root.style.backgroundColor = BACKGROUND[mode];
  root.style.color = TEXT[mode];
  root.style.colorScheme = mode;
  root.style.setProperty('--boot-primary', PRIMARY[theme]);
})();
