/**
 * The app's links: `marketdesk://symbol/AAPL.US` shows a symbol,
 * `marketdesk://chart/AAPL.US?interval=1h` shows it on a chart (at an interval). The
 * operating system hands them to the main process (a second launch's command line,
 * macOS `open-url`); anything a web page or a mail can make, so the parse is strict:
 * one scheme, two hosts, one path segment `<code>.<region>`, only the `interval`
 * query on a chart link, nothing else (no user, port, fragment, extra segment or
 * parameter), and short. The main process sends what it parsed to the renderer as
 * the bridge's `openSymbol` event; the renderer turns it into the palette's words
 * (`deepLinkQuery`) and checks the symbol with the source like a typed one.
 */
import type { KType } from './model';
import { KTYPES, REGION_TEXT_PATTERN, canonicalCode, isSymbolCode, parseKType } from './model';

/** The scheme the installers register (electron-builder.yml `protocols`). */
export const DEEP_LINK_SCHEME = 'marketdesk';

/** A link the app acts on. */
export interface DeepLink {
  /** `symbol`: show it in the focused pane; `chart`: on a chart. */
  view: 'symbol' | 'chart';
  /** Canonical code (`AAPL`, `700`). */
  code: string;
  /** Two letters, upper-case (`US`, `HK`, `BA`). */
  region: string;
  /** The chart's interval; null for the pane's own. */
  kType: KType | null;
}

/** What a link that is not taken gets back: the reason, in words. */
export type DeepLinkParse = { ok: true; link: DeepLink } | { ok: false; reason: string };

const MAX_LINK_LENGTH = 256;

const refuse = (reason: string): DeepLinkParse => ({ ok: false, reason });

/** Parses one `marketdesk://` link, strictly. */
export function parseDeepLink(text: string): DeepLinkParse {
  if (text.length > MAX_LINK_LENGTH) return refuse(`longer than ${MAX_LINK_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not a link');
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return refuse(`not a ${DEEP_LINK_SCHEME}: link`);
  if (url.username || url.password || url.port || url.hash)
    return refuse('a user, port or fragment is not part of a Marketdesk link');
  const view = url.hostname.toLowerCase();
  if (view !== 'symbol' && view !== 'chart')
    return refuse(`unknown link "${view}" (symbol or chart)`);
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (segments.length !== 1) return refuse('one symbol expected, as CODE.REGION (AAPL.US)');
  let symbol: string;
  try {
    symbol = decodeURIComponent(segments[0] as string);
  } catch {
    return refuse('a malformed escape in the symbol');
  }
  const dot = symbol.lastIndexOf('.');
  const code = symbol.slice(0, dot);
  const region = symbol.slice(dot + 1);
  if (dot < 0 || !isSymbolCode(code) || !REGION_TEXT_PATTERN.test(region))
    return refuse(
      'the symbol is CODE.REGION, a code of letters and digits and a two-letter region',
    );
  let kType: KType | null = null;
  for (const [name, value] of url.searchParams) {
    if (name !== 'interval' || view !== 'chart' || kType !== null)
      return refuse(`unexpected parameter "${name}"`);
    kType = value === '1M' ? 10 : parseKType(value.toLowerCase());
    if (kType === null) return refuse(`unknown interval "${value}"`);
  }
  const upperRegion = region.toUpperCase();
  return {
    ok: true,
    link: { view, code: canonicalCode(upperRegion, code), region: upperRegion, kType },
  };
}

/** The first `marketdesk:` argument of a command line (Windows and Linux hand links so). */
export function deepLinkArgument(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) ?? null;
}

/** The link as the command palette's words: `AAPL US`, `AAPL US chart 1h`. */
export function deepLinkQuery(link: DeepLink): string {
  return [
    link.code,
    link.region,
    link.view === 'chart' ? 'chart' : '',
    link.kType !== null ? KTYPES[link.kType].label : '',
  ]
    .filter(Boolean)
    .join(' ');
}
