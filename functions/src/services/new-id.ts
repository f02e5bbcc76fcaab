import { randomUUID } from 'node:crypto';

/** Kinds of server-made ids; the prefix tells what an id names (a widget's parent may be a tab or a location). */
export type IdKind = 'pt' | 'loc' | 'usr' | 'cust' | 'job';

/** Every entity id is made here, never taken from a client. */
export const newId = (kind: IdKind): string => `${kind}-${randomUUID()}`;
