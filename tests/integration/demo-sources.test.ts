import { describe, expect, it } from 'vitest';
import type { Point } from '@shared/schemas/point';
import type { Source } from '@shared/schemas/source';
import { startDemoObjenious } from '../../infra/local/demo-objenious';
import { DEMO_SOURCES, seedDemoSources } from '../../infra/local/demo-sources';
import { api } from '../support/api';
import { anotherPremiumCustomer } from '../support/customers';
import { testEnvironment } from '../support/environment';
import { eventually } from '../support/eventually';
import { scheduleNamed, sourceScheduleName } from '../support/scheduled-job';

/**
 * The sources `npm start` gives the demo customer (infra/local/demo-sources.ts), made here for a
 * customer of this file's own, so that the demo customer of the tests keeps none.
 */
describe("npm start's demo sources", () => {
  it('are the weather of Lyon and the Objenious stand-in, fetched at once and then on their schedule, their values written', async () => {
    const { token, customerId } = await anotherPremiumCustomer();
    const objenious = await startDemoObjenious();
    let sources: Source[] = [];
    try {
      sources = await seedDemoSources(testEnvironment().restBaseUrl, token, objenious);
      expect(sources.map((source) => [source.name, source.type, source.active])).toEqual([
        [DEMO_SOURCES.weather.name, 'weather', true],
        [DEMO_SOURCES.objenious.name, 'objenious', true],
      ]);
      // Each fetched by its customer's schedule of its interval.
      for (const source of sources) {
        const schedule = await scheduleNamed(sourceScheduleName(customerId, source.config.custom.fetch_interval));
        expect(schedule?.ScheduleExpression).toBe(`rate(${source.config.custom.fetch_interval} minutes)`);
      }
      // The first fetch, started with the sources, writes the weather's temperature and a day of the sensors' values.
      const listed = await eventually(
        async () => (await api<Source[]>('GET', '/api/v1/sources', { token })).body.data ?? [],
        (found) => found.length === 2 && found.every((source) => source.last_fetch !== null),
        60_000,
      );
      for (const source of listed) expect(source.last_fetch, source.name).toMatchObject({ ok: true, error: null });
      expect(listed.find((source) => source.type === 'weather')!.last_fetch!.written).toBeGreaterThanOrEqual(1);
      expect(listed.find((source) => source.type === 'objenious')!.last_fetch!.written).toBeGreaterThanOrEqual(3 * 100);
      const points = (await api<Point[]>('GET', '/api/v1/points', { token })).body.data!;
      const technicalIds = points.map((point) => point.technical_id);
      expect(technicalIds.filter((id) => !id.startsWith('weather_')).sort()).toEqual(['70B3D5E75E00A101_humidity', '70B3D5E75E00A101_temperature', '70B3D5E75E00A102_co2']);
      expect(technicalIds.filter((id) => /^weather_\d+_temperature$/.test(id))).toHaveLength(1);
    } finally {
      // Off again, so that no schedule calls a stand-in that is gone (the last paused, their schedules go).
      for (const source of sources) {
        const { config, ...rest } = source;
        await api('PUT', `/api/v1/sources/${source._id}`, { token, body: { ...rest, active: false, config: { custom: { ...config.custom } } } });
      }
      await objenious.close();
    }
  });
});
