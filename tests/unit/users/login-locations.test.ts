import { describe, expect, it } from 'vitest';
import type { LoginPayload, VisibleLocation } from '@shared/schemas/session';
import { visibleLocationsPayload, withoutHeldLocations } from '../../../functions/src/services/login-locations';
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
