import { describe, expect, it } from 'vitest';
import { locationSchema } from '@shared/schemas/location';
import { keys } from '../../functions/src/data/keys';
import { locationItem } from '../../functions/src/data/location-repository';
import { userListEntryItem } from '../../functions/src/data/user-repository';

/**
 * The lists of a customer's locations and users (issue 43) are small partitions of their own, named
 * by the customer: a list never reads the customer's partition (its points), nor another customer's.
 */
describe('the list entries of locations and users', () => {
  const location = locationSchema.parse({ _id: 'loc-1', customer: 'cust-a', name: 'Magasin Lyon 03', parent: null, position: 0 });

  it('put a location in its customer list on GSI1, beside its own key', () => {
    const item = locationItem(location);
    expect(item).toMatchObject({ PK: 'C#cust-a', SK: 'LOC#loc-1', GSI1PK: 'C#cust-a#LOCATIONS', GSI1SK: 'LOC#loc-1', kind: 'location', name: 'Magasin Lyon 03' });
    expect(item.GSI1PK).toBe(keys.locationList('cust-a').GSI1PK);
    expect(locationItem({ ...location, customer: 'cust-b' }).GSI1PK).toBe('C#cust-b#LOCATIONS');
  });

  it("put a user's entry in a partition of its customer's users, not in the customer's own partition", () => {
    const entry = userListEntryItem('cust-a', 'usr-1');
    expect(entry).toEqual({ PK: 'C#cust-a#USERS', SK: 'USER#usr-1', kind: 'user-entry', user: 'usr-1' });
    expect(entry.PK).toBe(keys.userListOfCustomer('cust-a').PK);
    expect(entry.PK).not.toBe(keys.customer('cust-a').PK);
    expect(userListEntryItem('cust-b', 'usr-1').PK).not.toBe(entry.PK);
    expect(entry.SK.startsWith(keys.userListOfCustomer('cust-a').prefix)).toBe(true);
  });
});
