import { firstCallsOf } from './lib/first-calls';
import { sendFirstCalls } from './lib/first-call-answers';
import { specHeaders } from './lib/spec-headers';
import { credentialsLive, readCredentials, renewalKeepsCustomer } from './lib/stored-credentials';
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
    const headers = specHeaders({ token, payload: credentials.payload, language: storedLanguage() });
    window.__wattwiseFirstCalls = sendFirstCalls(firstCallsOf(credentials, window.location.pathname, window.location.search), { apiBase, headers });
  }
} catch {
  // The app asks as before.
}
