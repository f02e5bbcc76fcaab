import { loadConfig } from './config';
import { restoreStoredSession } from './features/auth/hooks/use-restore-session';
import { firstCallsSent } from './lib/first-call-answers';
import { configureHttp } from './lib/http';
import { initI18n } from './lib/i18n';

/**
 * The first of the shell's modules to run (main.tsx imports it before anything else): the HTTP
 * client's code and the translations are asked, and the stored session's renewal goes out once the
 * configuration is read (from index.html, without a request), while React's renderer, Mantine and
 * the route tree are still being evaluated rather than after them. `httpReady`: the HTTP client is
 * loaded, so the calls asked so far are on their way (null: the early script sent them).
 */
// When the entry began to run: the early script's calls (index.html) leave before it (tests/browser/session.test.ts).
performance.mark('wattwise:entry-evaluated');
export const configured = loadConfig().then(() => restoreStoredSession());
// When the early script in index.html sent the first calls, the HTTP client is not needed for them: it loads once the
// first screen's code is asked (main.tsx), rather than before it on the server's few connections.
export const httpReady = firstCallsSent() ? null : configureHttp();
export const translated = initI18n();
