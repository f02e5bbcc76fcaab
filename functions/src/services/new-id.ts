import { randomUUID } from 'node:crypto';
import { ID_PREFIXES, type IdKind } from '@shared/schemas/ids';

/** Every entity id is made here, never taken from a client; its prefix says its kind. */
export const newId = (kind: IdKind): string => `${ID_PREFIXES[kind]}-${randomUUID()}`;
