import { firstCallsOf } from './lib/first-calls';
import { sendFirstCalls } from './lib/first-call-answers';
import { specHeaders } from './lib/spec-headers';
import { credentialsLive, readCredentials, REAL_LOGIN_PATH, renewalKeepsCustomer } from './lib/stored-credentials';
import { storedLanguage } from './lib/stored-language';

/**
 * The early script (issue 43), inlined in index.html after the runtime configuration by the build
 * (`web/build/early-calls-inline.ts`): on a reload with stored credentials it sends their renewal
 * and the path's first screen's calls (`lib/first-calls.ts`) while the entry (~524 KiB) is still
 * downloading, rather than once it has been evaluated (+270 – +390 ms after the navigation), and
 * leaves them for the HTTP client (`lib/first-call-answers.ts`). Any failure here only leaves the
 * app to ask as before. A classic script whose text is fixed at build time: a future CSP allows it
 * by its hash.
 */
/** Written by the build (web/build/early-calls-inline.ts): the texts of each language and the frame's chunks, by their files. */
declare const __WATTWISE_EARLY_CODE__: { languages: Record<string, string>; signedIn: string[]; pages: Record<string, string[]> };

/**
 * The code a signed-in first screen reads whatever its page, asked before the calls: on the local
 * server's six HTTP/1.1 connections, the calls (~0.5–2 s each at 1,000 sites) would otherwise hold
 * them while the translations and the frame's code wait (measured: the texts 481 ms, the frame's
 * chunk asked at +770 ms). Those files are cached by the time the entry asks them.
 */
const preloadCode = (language: string): void => {
  const code = __WATTWISE_EARLY_CODE__;
  // The page's own code too where the build names it (the map's ~1.1 MB chunk), asked before the calls rather than after the frame ran.
  const page = code.pages[window.location.pathname.replace(/\/+$/, '')] ?? [];
  for (const file of [code.languages[language], ...code.signedIn, ...page]) {
    if (!file) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
};

const apiBaseOf = (): string | null => {
  const text = document.getElementById('wattwise-config')?.textContent?.trim();
  const config = text ? (JSON.parse(text) as { apiBase?: unknown }) : null;
  return typeof config?.apiBase === 'string' && config.apiBase.startsWith('/') ? config.apiBase : null;
};

try {
  const apiBase = apiBaseOf();
  const credentials = readCredentials();
  if (apiBase && credentials && credentialsLive(credentials)) {
    // The session's token as lib/session.ts gives it: the stored payload's while it is drawn provisionally, else the stored one.
    const token = renewalKeepsCustomer(credentials) ? credentials.payload.user.jwt : credentials.token;
    const language = storedLanguage();
    const headers = specHeaders({ token, payload: credentials.payload, language });
    if (renewalKeepsCustomer(credentials) && window.location.pathname !== REAL_LOGIN_PATH) preloadCode(language);
    window.__wattwiseFirstCalls = sendFirstCalls(firstCallsOf(credentials, window.location.pathname, window.location.search), { apiBase, headers });
  }
} catch {
  // The app asks as before.
}
