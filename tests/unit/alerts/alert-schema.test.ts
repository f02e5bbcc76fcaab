import { describe, expect, it } from 'vitest';
import { alertCreateRequestSchema, alertLogItemId, parseAlertLogItemId } from '@shared/schemas/alert';

const minimal = { name: 'Surconsommation', points: [{ point: 'pt-1' }], conditions: [[{}]] };

describe('an alert as a client sends it', () => {
  it('takes the defaults of spec 2 §3', () => {
    const { alert } = alertCreateRequestSchema.parse({ alert: minimal });
    expect(alert).toMatchObject({
      active: true,
      notifications: 'email',
      frequency: 'each',
      sampling: 'hour',
      cron_time: '0 8 1 * *',
      start_date: null,
      end_date: null,
      email: { to: [], cc: [], bcc: [] },
      sms: [],
      sharing: { shared: false },
      conditions: [[{ from_calculation: 'avg', from_comparison: 'current_points', to_comparison: 'value', to_value: 0 }]],
    });
    expect(alert.time_filter.days.sunday).toEqual({ order: 6, active: true, periods: [{ from: { hour: 0, minute: 0 }, to: { hour: 23, minute: 59 } }] });
    expect(alert.time_filter.months.december).toEqual({ order: 11, active: true });
  });

  it('forces the frequency to each for SMS', () => {
    const { alert } = alertCreateRequestSchema.parse({ alert: { ...minimal, notifications: 'sms', frequency: 'once', sms: ['+33 6 12 34 56 78'] } });
    expect(alert.frequency).toBe('each');
    expect(alert.sms).toEqual(['+33612345678']);
  });

  it.each([
    ['an SMS alert without a number', { notifications: 'sms' }],
    ['an hour out of 0 to 23', { time_filter: { days: { monday: { periods: [{ from: { hour: 24, minute: 0 }, to: { hour: 23, minute: 59 } }] } } } }],
    ['a minute out of 0 to 59', { time_filter: { days: { monday: { periods: [{ from: { hour: 1, minute: 60 }, to: { hour: 23, minute: 59 } }] } } } }],
    ['an unknown operator', { conditions: [[{ operation: 'between' }]] }],
    ['no condition', { conditions: [] }],
    ['an empty OR group', { conditions: [[]] }],
    ['no point', { points: [] }],
    ['a cron time EventBridge cannot run', { cron_time: '0 8 1 * 1' }],
    ['an end before the start', { start_date: '2026-05-01T00:00:00Z', end_date: '2026-04-01T00:00:00Z' }],
    ['a bad recipient', { email: { to: ['not-an-address'] } }],
  ])('refuses %s', (_, change) => {
    expect(alertCreateRequestSchema.safeParse({ alert: { ...minimal, ...change } }).success).toBe(false);
  });
});

describe('log entry ids', () => {
  it('name their alert and due time, one entry per tick', () => {
    const id = alertLogItemId('alr-0f8fad5b-d9cb-469f-a165-70867728950e', 1_790_000_000_000);
    expect(id.length).toBeLessThanOrEqual(64);
    expect(parseAlertLogItemId(id)).toEqual({ alertId: 'alr-0f8fad5b-d9cb-469f-a165-70867728950e', tick: 1_790_000_000_000 });
    expect(parseAlertLogItemId('alr-x')).toBeNull();
  });
});
