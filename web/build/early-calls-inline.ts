import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { routeTableForBrowser } from './route-table-for-browser';

const EARLY_ENTRY = fileURLToPath(new URL('../src/early-calls.ts', import.meta.url));
const FIRST_CALLS = fileURLToPath(new URL('../src/lib/first-calls.ts', import.meta.url));
const SHARED = fileURLToPath(new URL('../../shared/src', import.meta.url));

/** The operations of the route table the first calls name (`API.<operation>`): the early script carries these only. */
export const operationsNamedIn = (code: string): string[] => [...new Set([...code.matchAll(/\bAPI\.(\w+)/g)].map(([, operation]) => operation!))].sort();

/** Text that can sit inside a classic `<script>` element (no `</script` nor `<!--` in it). */
export const inlineScriptText = (code: string): string => code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

/**
 * `web/src/early-calls.ts` built alone as one minified classic script (an IIFE): the stored
 * credentials' reading, the first calls' table and `fetch`, ~3 KiB, without React, zod or the
 * route table's other operations.
 */
export const buildEarlyCalls = async (): Promise<string> => {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@shared': SHARED } },
    plugins: [routeTableForBrowser({ operations: operationsNamedIn(readFileSync(FIRST_CALLS, 'utf8')) })],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: EARLY_ENTRY, formats: ['iife'], name: 'wattwiseEarlyCalls' },
      rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
    },
  });
  const [bundle] = Array.isArray(output) ? output : [output];
  if (!bundle || !('output' in bundle)) throw new Error('The early script was not built');
  const chunk = bundle.output.find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('The early script was not built');
  return inlineScriptText(chunk.code.trim());
};

/**
 * Issue 43: the early script inlined at the end of index.html's head, after the runtime
 * configuration and after the entry's own tags (the browser has asked for the entry's code by
 * then). A classic inline script runs as the page is parsed, ~200–350 ms before the entry is
 * evaluated; its text is fixed at build time (the configuration is a separate JSON element), so a
 * future Content-Security-Policy allows it by its `sha256-` hash.
 */
export const earlyCallsInline = (): Plugin => {
  let script: Promise<string> | null = null;
  return {
    name: 'wattwise-early-calls-inline',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: async () => [{ tag: 'script', children: await (script ??= buildEarlyCalls()), injectTo: 'head' }],
    },
  };
};
