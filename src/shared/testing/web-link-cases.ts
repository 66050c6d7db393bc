/**
 * Addresses and whether each is a web link we may open or render (shared/urls'
 * `isWebUrl`). Every place that decides on a link (the news list's `href`, the
 * bridge's remembered news links, the browser host's opener, the Electron shell's
 * `openExternal`) runs these same cases in its tests, so the places answer alike:
 * before one check served them all, `user:pass@` passed some and not others.
 */
export const WEB_LINK_CASES: readonly (readonly [address: string, isWebLink: boolean])[] = [
  ['https://example.com/news/1', true],
  ['http://example.com', true],
  ['HTTPS://Example.com/a?b=c#d', true],
  ['https://127.0.0.1:8443/x', true],
  ['https://[::1]/x', true],
  // The URL parser drops surrounding white space, as a browser does with an href.
  [' https://example.com/padded\n', true],
  // Credentials: a phishing trick (`bank.example` is the user name here).
  ['https://user:pass@example.com/', false],
  ['https://bank.example@evil.example/', false],
  ['https://:secret@example.com/', false],
  ['javascript:alert(1)', false],
  ['JavaScript:alert(document.domain)', false],
  [' javascript:alert(1)', false],
  ['\tjava\nscript:alert(1)', false],
  ['data:text/html,<script>alert(1)</script>', false],
  ['file:///etc/passwd', false],
  ['vbscript:msgbox(1)', false],
  ['mailto:someone@example.com', false],
  ['ftp://example.com/file', false],
  ['smb://server/share', false],
  ['ms-settings:', false],
  ['app://marketdesk/index.html', false],
  ['//example.com/protocol-relative', false],
  ['/relative/path', false],
  ['example.com', false],
  ['calc.exe', false],
  ['not a url', false],
  ['', false],
  ['https://', false],
  ['http://', false],
];
