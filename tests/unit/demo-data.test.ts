import { describe, expect, it } from 'vitest';
import { alertLogItemSchema, alertSchema } from '@shared/schemas/alert';
import { reminderSchema } from '@shared/schemas/reminder';
import { isIdOf, type IdKind } from '@shared/schemas/ids';
import { WIDGET_TYPES } from '@shared/schemas/widget';
import type { Calculation } from '@shared/series/calculations';
import { DEMO_ALERT_ID, demoAlert, demoAlertLogItem } from '../../functions/src/services/demo-alert';
import { DEMO_IMAGE_ID, demoTabs, demoWidgets } from '../../functions/src/services/demo-dashboard';
import { DEMO_EXPORT_ID, demoExport } from '../../functions/src/services/demo-export';
import { DEMO_REPORT_ID, demoReport } from '../../functions/src/services/demo-report';
import { demoPoints, demoSeries } from '../../functions/src/services/demo-series';
import { DEMO_SUBSCRIPTION_ID } from '../../functions/src/services/demo-subscription';
import { DEMO_REMINDER_ID, demoReminder } from '../../functions/src/services/demo-reminder';

const ZONE = 'Europe/Paris';

describe('demo data', () => {
  it('opens on an overview of eight widgets holding every widget type', () => {
    const overview = demoWidgets('cus-demo').filter((widget) => widget.location === null);
    expect(overview).toHaveLength(8);
    expect(new Set(overview.map((widget) => widget.type))).toEqual(new Set(WIDGET_TYPES));
  });

  it('reads a counter by its sum wherever it shows one: the difference of a counter\'s values is no consumption', () => {
    const now = '2026-11-25T12:30:00.000Z';
    const seriesType = new Map(demoPoints('cus-demo', now).map((point) => [point._id, point.series_type]));
    const reads: { point: string; calculation: Calculation; where: string }[] = [
      ...demoWidgets('cus-demo').flatMap((widget) => widget.points.map((point) => ({ point: point._id, calculation: point.calculation, where: widget._id }))),
      ...demoReport('cus-demo', now).content.pages.flat().flatMap((widget) => widget.points.map((point) => ({ point: point._id, calculation: point.calculation, where: widget._id }))),
      ...demoExport('cus-demo', now).content.flat(2).flatMap((cell) => (cell.type === 'point_data' ? [{ point: cell.point_id, calculation: cell.calculation, where: DEMO_EXPORT_ID }] : [])),
    ];
    expect(reads.some((read) => seriesType.get(read.point) === 'counter')).toBe(true);
    const counterDifferences = reads.filter((read) => seriesType.get(read.point) === 'counter' && ['diff', 'cumulative_diff'].includes(read.calculation));
    expect(counterDifferences).toEqual([]);
  });

  it('has an active alert notified once, checked each morning, with this morning\'s entry in its log', () => {
    const now = Date.parse('2026-11-25T12:30:00Z');
    const alert = alertSchema.parse(demoAlert('cus-demo', ZONE, new Date(now).toISOString()));
    expect(alert).toMatchObject({ active: true, frequency: 'once', cron_time: '0 8 * * *' });
    const { tick, item } = demoAlertLogItem(alert, now);
    expect(new Date(tick).toISOString()).toBe('2026-11-25T07:00:00.000Z');
    expect(alertLogItemSchema.parse(item)).toMatchObject({ event: 'fired', local_time: '2026-11-25T08:00:00+01:00', bucket_from: '2026-11-24T00:00:00+01:00', acquitted: false });
  });

  it('has a monthly reminder due on the first of next month', () => {
    const reminder = reminderSchema.parse(demoReminder('cus-demo', ZONE, new Date('2026-12-10T09:00:00Z')));
    expect(reminder).toMatchObject({ active: true, type: 'recurrent', period_type: 'month', reminder_date: '2027-01-01', next_due: '2027-01-01T08:00' });
  });

  it('keeps the heated workshop at 19–21 °C while its boiler runs, and never near the outdoor cold or past its operating range', () => {
    const year = [...demoSeries('cus-demo', Date.parse('2026-11-28T00:00:00Z'), 365)].flat();
    const boilerAt = new Map(year.filter((value) => value.pointId === 'pt-boiler-io').map((value) => [value.at, value.value]));
    const workshop = year.filter((value) => value.pointId === 'pt-temp-atelier');
    // An hour after the boiler starts, the air has reached its set point.
    const heated = workshop.filter((value) => boilerAt.get(value.at) === 1 && boilerAt.get(value.at - 3_600_000) === 1);
    expect(heated.length).toBeGreaterThan(1000);
    expect(heated.filter((value) => value.value < 19 || value.value > 21)).toEqual([]);
    const values = workshop.map((value) => value.value);
    expect(Math.min(...values)).toBeGreaterThan(12);
    expect(Math.max(...values)).toBeLessThan(26);
  });

  it('names each object as the server names its own, or its screens answer "not found" (ids say their kind)', () => {
    const named: [IdKind, string][] = [
      ['alert', DEMO_ALERT_ID],
      ['reminder', DEMO_REMINDER_ID],
      ['export', DEMO_EXPORT_ID],
      ['report', DEMO_REPORT_ID],
      ['subscription', DEMO_SUBSCRIPTION_ID],
      ['image', DEMO_IMAGE_ID],
      ...demoTabs('cus-demo').map((tab): [IdKind, string] => ['tab', tab._id]),
      ...demoWidgets('cus-demo').map((widget): [IdKind, string] => ['widget', widget._id]),
    ];
    expect(named.filter(([kind, id]) => !isIdOf(kind, id))).toEqual([]);
  });
});
