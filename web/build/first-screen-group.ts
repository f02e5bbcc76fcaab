import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/**
 * A code-splitting group's name function: `first-screen` for every module that `roots` (the
 * lazily loaded frame and dashboard page a signed-in first screen always runs) import statically,
 * directly or through others, so that the code such a screen loads after the entry is one chunk
 * rather than some forty shaped by what the lazy screens happen to share. On the browser's six
 * connections to the server those requests queued behind the first screen's API calls, and each
 * cost the page's thread a start of its own. A screen that shares a module with the first one
 * loads this chunk too: the frame is on every signed-in page, and the dashboard is the home page.
 * The groups of higher priority (the shell, the UI kit, the icons, the texts) keep theirs.
 */
export const firstScreenGroup = (roots: readonly string[]) => {
  let members: Set<string> | null = null;
  const collect = (ctx: ChunkingContext): Set<string> => {
    const found = new Set<string>();
    const pending = [...roots];
    while (pending.length) {
      const id = pending.pop()!;
      if (found.has(id)) continue;
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      found.add(id);
      pending.push(...info.importedIds);
    }
    return found;
  };
  return (id: string, ctx: ChunkingContext): string | null => ((members ??= collect(ctx)).has(id) ? 'first-screen' : null);
};
