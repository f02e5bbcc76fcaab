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
 * The code a signed-in first screen reads whatever its page (web/src/early-calls.ts preloads it
 * before sending the calls): each language's texts and the frame's chunks, by their built names.
 */
export interface EarlyCode {
  languages: Record<string, string>;
  signedIn: string[];
  /** A page's own code by its path, preloaded on a reload of that path: the page's chunk and the chunks it imports. */
  pages: Record<string, string[]>;
}

/**
 * The pages whose code a reload preloads beside the first calls (issue 43): the map's chunk
 * (`maplytics-page`, ~1.1 MB, maplibre inside) was asked only once the entry and the frame had run.
 */
export const PRELOADED_PAGES: Record<string, string> = { '/maplytics': 'src/routes/maplytics/maplytics-page.tsx' };

interface BuiltChunk {
  name: string;
  fileName: string;
  /** The module a dynamic import of the chunk names (a lazy page's file). */
  facadeModuleId?: string | null;
  /** The chunks it imports statically. */
  imports?: string[];
  isEntry?: boolean;
}

/** The chunks of vite.config.ts's groups the first screen reads, in the bundle built (their files under the site's root). */
export const earlyCodeOf = (chunks: BuiltChunk[]): EarlyCode => {
  const fileOf = (name: string) => chunks.find((chunk) => chunk.name === name)?.fileName;
  const languages = Object.fromEntries(chunks.flatMap((chunk) => (/^locale-([a-z]{2})$/.exec(chunk.name) ? [[chunk.name.slice('locale-'.length), `/${chunk.fileName}`]] : [])));
  const signedIn = ['first-screen', 'ui', 'icons'].flatMap((name) => (fileOf(name) ? [`/${fileOf(name)}`] : []));
  // The entry is loading already, and the frame's chunks are preloaded whatever the page.
  const known = new Set([...signedIn.map((file) => file.slice(1)), ...chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)]);
  const pages = Object.fromEntries(
    Object.entries(PRELOADED_PAGES).flatMap(([path, module]) => {
      const page = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/web/${module}`));
      if (!page) return [];
      const files = [page.fileName, ...(page.imports ?? []).filter((file) => !known.has(file))];
      return [[path, files.map((file) => `/${file}`)]];
    }),
  );
  return { languages, signedIn, pages };
};

const STYLESHEET = /<link rel="stylesheet"( crossorigin)? href="([^"]+)">/g;

/**
 * index.html with the early script before its stylesheets, which are preloaded above it: an inline
 * script after a stylesheet waits until the stylesheet is loaded and parsed (~+200 ms after the
 * navigation measured, the entry's evaluation at +219), one before it runs as soon as it is parsed.
 * The entry's script is asked before (it comes first in the head).
 */
export const withEarlyScript = (html: string, script: string): string => {
  const element = `<script>${script}</script>`;
  const sheets = [...html.matchAll(STYLESHEET)];
  if (!sheets.length) return html.replace('</head>', `  ${element}\n  </head>`);
  const preloads = sheets.map(([, crossorigin, href]) => `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}">`).join('\n    ');
  const first = sheets[0]!.index!;
  return `${html.slice(0, first)}${preloads}\n    ${element}\n    ${html.slice(first)}`;
};

/**
 * `web/src/early-calls.ts` built alone as one minified classic script (an IIFE): the stored
 * credentials' reading, the first calls' table and `fetch`, ~3 KiB, without React, zod or the
 * route table's other operations.
 */
export const buildEarlyCalls = async (code: EarlyCode = { languages: {}, signedIn: [], pages: {} }): Promise<string> => {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@shared': SHARED } },
    define: { __WATTWISE_EARLY_CODE__: JSON.stringify(code) },
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
 * Issue 43: the early script inlined in index.html's head, after the runtime configuration and the
 * entry's script (the browser has asked for the entry's code by then), before the stylesheets
 * (`withEarlyScript`). A classic inline script runs as the page is parsed, before the entry is
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
      handler: async (html, context) => {
        const chunks = Object.values(context.bundle ?? {}).flatMap((file) =>
          file.type === 'chunk' ? [{ name: file.name, fileName: file.fileName, facadeModuleId: file.facadeModuleId, imports: file.imports, isEntry: file.isEntry }] : [],
        );
        return withEarlyScript(html, await (script ??= buildEarlyCalls(earlyCodeOf(chunks))));
      },
    },
  };
};
