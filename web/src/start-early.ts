import { loadConfig } from './config';
import { restoreStoredSession } from './features/auth/hooks/use-restore-session';
import { configureHttp } from './lib/http';
import { initI18n } from './lib/i18n';

/**
 * The first of the shell's modules to run (main.tsx imports it before anything else): the HTTP
 * client's code and the translations are asked, and the stored session's renewal goes out once the
 * configuration is read (from index.html, without a request), while React's renderer, Mantine and
 * the route tree are still being evaluated rather than after them. `httpReady`: the HTTP client is
 * loaded, so the calls asked so far are on their way.
 */
// When the entry began to run: the early script's calls (index.html) leave before it (tests/browser/session.test.ts).
performance.mark('wattwise:entry-evaluated');
export const configured = loadConfig().then(() => restoreStoredSession());
export const httpReady = configureHttp();
export const translated = initI18n();
