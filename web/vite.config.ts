import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { earlyCallsInline } from './build/early-calls-inline';
import { firstScreenGroup } from './build/first-screen-group';
import { initialModulesReport } from './build/initial-modules-report';
import { routeTableForBrowser } from './build/route-table-for-browser';

const webDir = fileURLToPath(new URL('.', import.meta.url));
/** `web/src/locales/<language>/<area>.json`. */
const LOCALE_FILE = /[\\/]locales[\\/]([a-z]{2})[\\/][^\\/]+\.json$/;
/** Mantine's components and hooks and what they are built on (their dates, forms and alert boxes stay apart). */
const UI_KIT = /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize)[\\/]/;
const ICONS = /node_modules[\\/]@tabler[\\/]icons-react[\\/]/;

export default defineConfig({
  root: webDir,
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('../shared/src', import.meta.url)),
      // Scalar's self-contained browser build (its package exports no path to it), served as a file to /api-docs.
      '@scalar-browser': fileURLToPath(new URL('../node_modules/@scalar/api-reference/dist/browser', import.meta.url)),
    },
  },
  plugins: [routeTableForBrowser(), initialModulesReport(), earlyCallsInline()],
  // Vite 8 transforms with Oxc; there is no React plugin, so JSX goes through React's automatic runtime here.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // A zod schema built at a module's top level and never read is dropped: a route or the shell may then
      // take a constant from a schema module (its types, `SOURCE_TYPES`) without carrying zod into the first screen.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            // The first screen's own modules in one chunk beside the entry, rather than spread over a
            // dozen chunks shaped by what the lazy screens share with it.
            { name: 'shell', tags: ['$initial'], priority: 3 },
            // What the lazy screens take from the UI kit (the parts four screens or more share), and the
            // icons, in one chunk each rather than one per component: the signed-in frame and the
            // dashboard asked for some seventy of them, and on the browser's six connections to the
            // server the first calls waited behind them.
            { name: 'ui', test: UI_KIT, priority: 2, minShareCount: 4 },
            { name: 'icons', test: ICONS, priority: 2 },
            // What the frame and the dashboard's page import, loaded after the entry on a signed-in first screen: one chunk.
            {
              name: firstScreenGroup(['routes/app-layout.tsx', 'routes/dashboard/dashboard-page.tsx'].map((file) => fileURLToPath(new URL(`./src/${file}`, import.meta.url)))),
              priority: 1,
            },
            // A language's texts are split by area for their authors and all read at start (lib/i18n.ts).
            { name: (id) => (LOCALE_FILE.exec(id) ? `locale-${LOCALE_FILE.exec(id)![1]}` : null), test: LOCALE_FILE, priority: 2 },
          ],
        },
      },
      onwarn(warning, warn) {
        // Mantine marks its modules "use client" for React Server Components; a SPA has nothing to keep.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
