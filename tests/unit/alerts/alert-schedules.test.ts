import { describe, expect, it } from 'vitest';
import {
  alertCronKey,
  alertCronSchedules,
  alertScheduleChanges,
  alertsOfCron,
  type ScheduledAlert,
} from '../../../functions/src/services/alert-schedules';
import { scheduleName } from '../../../functions/src/services/schedule-service';

const NOW = Date.parse('2026-11-29T08:00:00Z');
const QUARTER = 'cron(*/15 * ? * * *)';
const MORNINGS = 'cron(30 6 ? * 2-6 *)';
const PARIS = 'Europe/Paris';

const alert = (id: string, changes: Partial<ScheduledAlert> = {}): ScheduledAlert => ({
  _id: id,
  active: true,
  schedule_expression: QUARTER,
  timezone: PARIS,
  start_date: null,
  end_date: null,
  ...changes,
});

describe("an alert cron's key", () => {
  it('is 12 hex digits, the same for the same expression and zone, another for another expression or zone', () => {
    const key = alertCronKey(QUARTER, PARIS);
    expect(key).toMatch(/^[0-9a-f]{12}$/);
    expect(alertCronKey(QUARTER, PARIS)).toBe(key);
    expect(alertCronKey(MORNINGS, PARIS)).not.toBe(key);
    expect(alertCronKey(QUARTER, 'America/Guadeloupe')).not.toBe(key);
  });

  it("names a schedule with its customer within Scheduler's 64 characters", () => {
    const customerId = 'cust-0b4f3c2e-5d6a-4b7c-8d9e-0f1a2b3c4d5e';
    const name = scheduleName({ kind: 'alerts', id: alertCronKey(QUARTER, PARIS), customerId });
    expect(name).toBe(`alerts-${customerId}-${alertCronKey(QUARTER, PARIS)}`);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toMatch(/^[0-9a-zA-Z\-_.]+$/);
    // A per-entity schedule keeps its name.
    expect(scheduleName({ kind: 'alert', id: 'alrt-1', customerId })).toBe('alert-alrt-1');
  });
});

describe('the schedules a customer\'s alerts need', () => {
  it('makes one schedule of 40 alerts sharing a cron, starting all of them', () => {
    const alerts = Array.from({ length: 40 }, (_, index) => alert(`alrt-${index}`));
    const schedules = alertCronSchedules(alerts, NOW);
    expect(schedules).toEqual([{ key: alertCronKey(QUARTER, PARIS), expression: QUARTER, timezone: PARIS, alertIds: alerts.map((entry) => entry._id) }]);
  });

  it('makes one per cron expression and zone', () => {
    const schedules = alertCronSchedules([alert('a'), alert('b', { schedule_expression: MORNINGS }), alert('c', { timezone: 'America/Guadeloupe' }), alert('d')], NOW);
    expect(schedules.map((schedule) => [schedule.expression, schedule.timezone, schedule.alertIds])).toEqual([
      [QUARTER, PARIS, ['a', 'd']],
      [MORNINGS, PARIS, ['b']],
      [QUARTER, 'America/Guadeloupe', ['c']],
    ]);
  });

  it('leaves out inactive and ended alerts, and a cron left with none of them', () => {
    const schedules = alertCronSchedules(
      [alert('off', { active: false }), alert('ended', { end_date: '2026-11-29T07:59:59Z' }), alert('on', { schedule_expression: MORNINGS }), alert('ends-later', { schedule_expression: MORNINGS, end_date: '2026-12-01T00:00:00Z' })],
      NOW,
    );
    expect(schedules.map((schedule) => schedule.alertIds)).toEqual([['on', 'ends-later']]);
    expect(alertCronSchedules([alert('off', { active: false })], NOW)).toEqual([]);
  });

  it('starts at the first start when every alert starts later, ends at the last end when every alert ends', () => {
    const [later] = alertCronSchedules([alert('a', { start_date: '2026-12-05T00:00:00Z' }), alert('b', { start_date: '2026-12-01T00:00:00Z' })], NOW);
    expect(later.start).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(later.end).toBeUndefined();
    // One alert started already (or has no start): the schedule fires now, each evaluation skips an alert before its start.
    const [started] = alertCronSchedules([alert('a', { start_date: '2026-12-05T00:00:00Z' }), alert('b', { start_date: '2026-11-01T00:00:00Z' })], NOW);
    expect(started.start).toBeUndefined();
    const [ending] = alertCronSchedules([alert('a', { end_date: '2026-12-05T00:00:00Z' }), alert('b', { end_date: '2026-12-09T00:00:00Z' })], NOW);
    expect(ending.end).toEqual(new Date('2026-12-09T00:00:00Z'));
    const [open] = alertCronSchedules([alert('a', { end_date: '2026-12-05T00:00:00Z' }), alert('b')], NOW);
    expect(open.end).toBeUndefined();
  });
});

describe("what a customer's schedules need changed", () => {
  const nameOf = (key: string) => `alerts-cust-1-${key}`;

  it('puts every cron needed (an existing one updated) and removes the others', () => {
    const wanted = alertCronSchedules([alert('a'), alert('b', { schedule_expression: MORNINGS })], NOW);
    const quarter = nameOf(alertCronKey(QUARTER, PARIS));
    const stale = nameOf(alertCronKey('cron(0 0 1 1 ? *)', PARIS));
    const changes = alertScheduleChanges(wanted, [quarter, stale], nameOf);
    expect(changes.put.map(({ schedule, exists }) => [schedule.expression, exists])).toEqual([
      [QUARTER, true],
      [MORNINGS, false],
    ]);
    expect(changes.remove).toEqual([stale]);
  });

  it('removes every schedule when no alert needs one, and nothing when all are in place', () => {
    const name = nameOf(alertCronKey(QUARTER, PARIS));
    expect(alertScheduleChanges([], [name], nameOf)).toEqual({ put: [], remove: [name] });
    expect(alertScheduleChanges(alertCronSchedules([alert('a')], NOW), [name], nameOf).remove).toEqual([]);
  });
});

describe('the alerts one firing starts', () => {
  it("takes the cron's active alerts, not another cron's or zone's", () => {
    const alerts = [alert('a'), alert('off', { active: false }), alert('b', { schedule_expression: MORNINGS }), alert('c', { timezone: 'UTC' }), alert('d')];
    expect(alertsOfCron(alerts, alertCronKey(QUARTER, PARIS)).map((entry) => entry._id)).toEqual(['a', 'd']);
    expect(alertsOfCron(alerts, alertCronKey(QUARTER, 'Asia/Tokyo'))).toEqual([]);
  });
});
