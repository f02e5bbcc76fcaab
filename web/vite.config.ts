import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { initialModulesReport } from './build/initial-modules-report';
import { routeTableForBrowser } from './build/route-table-for-browser';

const webDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webDir,
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('../shared/src', import.meta.url)),
      // Scalar's self-contained browser build (its package exports no path to it), served as a file to /api-docs.
      '@scalar-browser': fileURLToPath(new URL('../node_modules/@scalar/api-reference/dist/browser', import.meta.url)),
    },
  },
  plugins: [routeTableForBrowser(), initialModulesReport()],
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
      onwarn(warning, warn) {
        // Mantine marks its modules "use client" for React Server Components; a SPA has nothing to keep.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
