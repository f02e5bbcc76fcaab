import { describe, expect, it } from 'vitest';
import { locationSchema } from '@shared/schemas/location';
import { keys } from '../../functions/src/data/keys';
import { locationItem } from '../../functions/src/data/location-repository';
import { userListEntryItem } from '../../functions/src/data/user-repository';
import { tabItem } from '../../functions/src/data/dashboard-repository';
import { notificationItem } from '../../functions/src/data/notification-repository';

/**
 * The lists of a customer's locations and users (issue 43) are small partitions of their own, named
 * by the customer: a list never reads the customer's partition (its points), nor another customer's.
 */
describe('the list entries of locations, users, tabs and notifications', () => {
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

  it("put a tab in its customer's list and a notification in its user's, both on GSI1", () => {
    const tab = tabItem({ _id: 'tab-1', customer: 'cust-a', name: 'Lyon', parent: null, user: 'usr-1', sharing: { shared: true }, created_at: '2026-01-01T00:00:00.000Z' });
    expect(tab).toMatchObject({ PK: 'C#cust-a', SK: 'TAB#tab-1', GSI1PK: 'C#cust-a#TABS', GSI1SK: 'TAB#tab-1', kind: 'tab' });
    const stored = { _id: 'ntf-1', customer: 'cust-a', user: 'usr-1', reminder: null, title: 't', message: 'm', unread: true, created_at: '2026-01-01T00:00:00.000Z' } as never;
    expect(notificationItem(stored)).toMatchObject({ PK: 'C#cust-a', SK: 'NOTIF#usr-1#ntf-1', GSI1PK: 'C#cust-a#NOTIF#usr-1', GSI1SK: 'ntf-1', kind: 'notification' });
    expect(notificationItem({ ...(stored as object), customer: 'cust-b' } as never).GSI1PK).toBe('C#cust-b#NOTIF#usr-1');
  });
});
