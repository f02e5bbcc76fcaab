import { describe, expect, it } from 'vitest';
import type { LoginPayload, VisibleLocation } from '@shared/schemas/session';
import {
  LOCATIONS_STAMP_SETTLE_MS,
  LOCATIONS_TREE_FORMAT,
  settledLocationsStamp,
  versionedLocationsStamp,
  visibleLocationsPayload,
  withoutHeldLocations,
} from '../../../functions/src/services/login-locations';
import { completeRenewedPayload } from '../../../web/src/lib/renewed-payload';

const node = (id: string, children: VisibleLocation[] = [], changes: Partial<VisibleLocation> = {}): VisibleLocation => ({
  _id: id,
  name: `Site ${id}`,
  denomination: null,
  customer: 'cust-1',
  parent: null,
  hidden: false,
  address: `${id} rue de la Paix, Paris`,
  type: null,
  surface: null,
  coordinates: null,
  timezone: 'Europe/Paris',
  position: 0,
  maplytics_custom_settings: { levels: null },
  clickable: true,
  children,
  ...changes,
});

const tree = () => [node('north', [node('lille', [], { parent: 'north' })]), node('south')];

/** A login payload around `locations` (the rest as the server sends it; not what is tested here). */
const payloadOf = (locations: ReturnType<typeof visibleLocationsPayload>, jwt = 'token-1') =>
  ({ user: { jwt }, customer: { _id: 'cust-1' }, is_locked: false, ...locations }) as unknown as LoginPayload;

describe('the login payload\'s locations and their stamp (a renewal sends them only when they changed)', () => {
  it('gives the same stamp to the same visible locations, and another to any change a screen could show', () => {
    const stamp = visibleLocationsPayload(tree()).locations_stamp;
    expect(visibleLocationsPayload(tree()).locations_stamp).toBe(stamp);
    const renamed = tree();
    renamed[0].children[0].denomination = 'Lille centre';
    const moved = tree();
    moved[0].children[0].address = '2 place du Général de Gaulle, Lille';
    const closed = tree();
    closed[1].clickable = false;
    const reordered = tree().reverse();
    for (const changed of [renamed, moved, closed, reordered]) expect(visibleLocationsPayload(changed).locations_stamp).not.toBe(stamp);
  });

  it('leaves the locations out of a renewal for the stamp of those held, and sends them whole for any other or none', () => {
    const payload = payloadOf(visibleLocationsPayload(tree()));
    const renewed = withoutHeldLocations(payload, payload.locations_stamp);
    expect(renewed).toMatchObject({ locations_unchanged: true, locations_stamp: payload.locations_stamp, user: { jwt: 'token-1' } });
    expect(renewed).not.toHaveProperty('locations');
    expect(renewed).not.toHaveProperty('locations_flattened');
    for (const held of [null, undefined, '', 'an-older-stamp']) expect(withoutHeldLocations(payload, held)).toBe(payload);
  });

  it('is made whole in the browser with the very arrays it holds, or taken as it came', () => {
    const held = payloadOf(visibleLocationsPayload(tree()));
    const renewal = payloadOf(visibleLocationsPayload(tree()), 'token-2');
    const whole = completeRenewedPayload(withoutHeldLocations(renewal, held.locations_stamp), held);
    expect(whole.user.jwt).toBe('token-2');
    expect(whole.locations).toBe(held.locations);
    expect(whole.locations_flattened).toBe(held.locations_flattened);
    expect(whole).not.toHaveProperty('locations_unchanged');

    const changed = tree();
    changed.pop();
    const sent = completeRenewedPayload(withoutHeldLocations(payloadOf(visibleLocationsPayload(changed), 'token-3'), held.locations_stamp), held);
    expect(sent.locations.map((location) => location._id)).toEqual(['north']);
    expect(sent.locations_flattened.map((location) => location._id)).toEqual(['north', 'lille']);
  });
});

describe('the versioned stamp (a renewal that says "unchanged" without reading the locations)', () => {
  const moved = { version: 'version-1', movedAt: 1_000_000 };
  const settled = moved.movedAt + LOCATIONS_STAMP_SETTLE_MS;

  it('is the same for the same customer, stamp version and rights, whatever the order the rights are stored in', () => {
    const stamp = versionedLocationsStamp('cust-1', 'version-1', ['loc-a', 'loc-b']);
    expect(stamp.startsWith(`v${LOCATIONS_TREE_FORMAT}.`)).toBe(true);
    expect(stamp.length).toBeLessThanOrEqual(64);
    expect(versionedLocationsStamp('cust-1', 'version-1', ['loc-b', 'loc-a'])).toBe(stamp);
    expect(settledLocationsStamp('cust-1', moved, ['loc-a', 'loc-b'], settled)).toBe(stamp);
  });

  it('changes with any location write (the version), with the user\'s rights and role, and with the customer', () => {
    const stamp = versionedLocationsStamp('cust-1', 'version-1', ['loc-a']);
    for (const other of [
      versionedLocationsStamp('cust-1', 'version-2', ['loc-a']),
      versionedLocationsStamp('cust-1', 'version-1', ['loc-a', 'loc-b']),
      versionedLocationsStamp('cust-1', 'version-1', []),
      versionedLocationsStamp('cust-1', 'version-1', 'view'),
      versionedLocationsStamp('cust-2', 'version-1', ['loc-a']),
    ])
      expect(other).not.toBe(stamp);
  });

  it('is given only once the stamp has settled (the list is read from an eventually consistent index), never for no stamp', () => {
    expect(settledLocationsStamp('cust-1', moved, 'view', settled - 1)).toBeNull();
    // A writer's clock ahead of the reader's: recent.
    expect(settledLocationsStamp('cust-1', moved, 'view', moved.movedAt - 5_000)).toBeNull();
    expect(settledLocationsStamp('cust-1', null, 'view', settled)).toBeNull();
    expect(settledLocationsStamp('cust-1', moved, 'view', settled)).toBe(versionedLocationsStamp('cust-1', 'version-1', 'view'));
  });

  it('is the stamp of a tree read after a settled stamp, and never a tree\'s digest', () => {
    const versioned = versionedLocationsStamp('cust-1', 'version-1', 'view');
    expect(visibleLocationsPayload(tree(), versioned).locations_stamp).toBe(versioned);
    expect(visibleLocationsPayload(tree()).locations_stamp).not.toBe(versioned);
    expect(visibleLocationsPayload(tree()).locations_stamp.startsWith('v1.')).toBe(false);
  });
});
