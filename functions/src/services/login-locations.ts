import { createHash } from 'node:crypto';
import type { AllowedLocations } from '@shared/permissions/location-visibility';
import { flattenLocationTree } from '@shared/permissions/location-visibility';
import type { LoginPayload, RenewedPayload, VisibleLocation } from '@shared/schemas/session';
import type { LocationsStamp } from '../data/location-repository';

/**
 * The shape of the login payload's tree: a stamp names a tree built by this code. Raise it when what
 * the tree holds changes otherwise than through a location's write or a user's rights (a field
 * added to its nodes, a visibility rule): a client's stamp of the former shape is then sent whole.
 */
export const LOCATIONS_TREE_FORMAT = 1;

/**
 * How long after its last move the locations' stamp is taken to name the list read after it. The
 * list is read from GSI1, which DynamoDB keeps eventually consistent (in well under a second): a
 * tree read sooner after a write may miss it, so it gets a digest of itself for a stamp instead.
 */
export const LOCATIONS_STAMP_SETTLE_MS = 10_000;

const digest = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/**
 * The stamp of a user's visible tree from small items alone: the customer, the version of its
 * locations' stamp (every writer of a location moves it) and what selects the user's part (their
 * location rights, `view` for administrators and super users). Equal stamps are equal trees as long
 * as the tree's shape is this code's (`LOCATIONS_TREE_FORMAT`).
 */
export const versionedLocationsStamp = (customerId: string, version: string, allowed: AllowedLocations): string =>
  `v${LOCATIONS_TREE_FORMAT}.${digest(JSON.stringify([customerId, version, allowed === 'view' ? 'view' : [...allowed].sort()]))}`;

/**
 * The versioned stamp a tree read after `stamp` may carry: none when the customer has no stamp or it
 * moved less than `LOCATIONS_STAMP_SETTLE_MS` ago (a moved_at ahead of `now` — another clock — counts
 * as recent).
 */
export const settledLocationsStamp = (customerId: string, stamp: LocationsStamp | null, allowed: AllowedLocations, now: number): string | null =>
  stamp && now - stamp.movedAt >= LOCATIONS_STAMP_SETTLE_MS ? versionedLocationsStamp(customerId, stamp.version, allowed) : null;

/**
 * The login payload's locations: the visible tree, flattened, and their stamp: `versioned` when the
 * tree was read after a settled stamp, else a digest of the tree's JSON, every field of each node
 * (~2 ms at 1,000 sites).
 */
export const visibleLocationsPayload = (
  tree: VisibleLocation[],
  versioned: string | null = null,
): Pick<LoginPayload, 'locations' | 'locations_flattened' | 'locations_stamp'> => {
  const flattened = flattenLocationTree(tree).map(({ _id, name, denomination, parent, clickable }) => ({
    _id,
    name,
    denomination: denomination ?? null,
    parent,
    clickable,
  }));
  // Their JSON as sent: two equal strings are the same locations, so a stamp never passes a change off as none (an
  // item read with its attributes in another order would only send them again). The flat list follows from the tree.
  const locations_stamp = versioned ?? digest(JSON.stringify(tree));
  return { locations: tree, locations_flattened: flattened, locations_stamp };
};

/**
 * A renewal's answer: without the locations when the client holds those (its stamp is theirs). At
 * 1,000 sites they are nearly all of the payload (~500 KiB), which each renewal — every screen's
 * load, and every tenth of a session's life — would otherwise build, send and parse again, and the
 * browser draw again what reads them.
 */
export const withoutHeldLocations = (payload: LoginPayload, heldStamp: string | null | undefined): RenewedPayload => {
  if (!heldStamp || heldStamp !== payload.locations_stamp) return payload;
  const { locations: _locations, locations_flattened: _flattened, ...rest } = payload;
  return { ...rest, locations_unchanged: true };
};
