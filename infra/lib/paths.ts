import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from which the app finds function entries, tsconfig and the web build. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fromRoot = (...segments: string[]): string => path.join(REPO_ROOT, ...segments);
