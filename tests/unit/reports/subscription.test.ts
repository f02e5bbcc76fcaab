import { describe, expect, it } from 'vitest';
import { CRON_PRESETS } from '@shared/alerts/cron';
import { missingSubscriptionFields, subscriptionInputSchema } from '@shared/schemas/subscription';

describe('report subscriptions', () => {
  it('start monthly (cron preset 5), active, of type report, with addresses typed separated by semicolons', () => {
    const parsed = subscriptionInputSchema.parse({ name: 'Mensuel', report: 'rep-1', email: { to: 'a@energie-plus.example; b@energie-plus.example ;' } });
    expect(parsed).toMatchObject({ type: 'report', active: true, cron_time: CRON_PRESETS[5], email: { to: ['a@energie-plus.example', 'b@energie-plus.example'], cc: [], bcc: [] } });
  });

  it("need a name, a report and a 'to' address ('Fields name, report and to (email) are required')", () => {
    expect(missingSubscriptionFields(subscriptionInputSchema.parse({}))).toEqual(['name', 'report', 'to']);
    expect(missingSubscriptionFields(subscriptionInputSchema.parse({ name: '  ', report: 'rep-1', email: { to: 'x@y.example' } }))).toEqual(['name']);
    expect(missingSubscriptionFields(subscriptionInputSchema.parse({ name: 'Mensuel', report: 'rep-1', email: { to: 'x@y.example' } }))).toEqual([]);
  });

  it('refuse a cron time that is not one and an address that is not one', () => {
    expect(() => subscriptionInputSchema.parse({ cron_time: 'every day' })).toThrow();
    expect(() => subscriptionInputSchema.parse({ email: { to: 'pas-une-adresse' } })).toThrow();
  });
});
