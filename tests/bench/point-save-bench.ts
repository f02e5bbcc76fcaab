import { deployToEmulator, generateDemoPasswords, seedDemoData } from '../../infra/local/deploy';
import { awsEnvironment, startEmulator } from '../../infra/local/emulator';
import { argument, benchApi } from './bench-api';

/**
 * `npm run bench:point-save [-- --points 20000 --saves 10]`: what one `POST /api/v1/points` costs
 * for a customer of a few dozen points, then for the same customer grown to 20,000 points (written
 * straight into the table, as many as a large customer has). A save reads only what the point
 * names (its locations, its source, its formula's points), so the two should cost the same: the
 * last line's `create_ratio` is the median save at the large size over the median at the small
 * one (issue 43's target: ≤ 1.5). Also prints what the unpaged `GET /api/v1/points` answers at that size (gzip taken: the whole list,
 * or 413 list_too_large when it cannot be read within the function's time).
 */
const POINTS = Number(argument('points', '20000'));
const SAVES = Number(argument('saves', '10'));
const PORT = Number(argument('port', '4597'));
const CUSTOMER = 'cust-energie-plus';

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const main = async () => {
  const emulator = await startEmulator(PORT, 'bench-point-save');
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    const deployment = await deployToEmulator(emulator.endpoint, 'bench-point-save');
    const passwords = generateDemoPasswords();
    await seedDemoData(deployment, passwords);
    Object.assign(process.env, { ENTITIES_TABLE: deployment.entitiesTable, SERIES_TABLE: deployment.seriesTable });
    const { putItems } = await import('../../functions/src/data/table');
    const { keys } = await import('../../functions/src/data/keys');
    const { pointItem } = await import('../../functions/src/data/point-repository');

    const api = benchApi(deployment.restBaseUrl);
    const login = await api('POST', '/api/v1/users/authenticate', null, { user: { email: 'admin@energie-plus.example', password: passwords.premiumAdministrator } });
    const token = login.data.user.jwt as string;
    let made = 0;
    const pointInput = () => ({
      name: `Bench save ${made}`,
      technical_id: `BENCH-SAVE-${made++}`,
      resource: 'electricity',
      series_type: 'index',
      unit: 'kWh',
      location: ['loc-lyon-a'],
    });
    const timedSaves = async (): Promise<number> => {
      const times: number[] = [];
      // Two saves first, so that the function's instance is warm in both measures.
      for (let save = 0; save < SAVES + 2; save += 1) {
        const started = performance.now();
        const answer = await api('POST', '/api/v1/points', token, pointInput());
        if (!answer.res) throw new Error(`POST /api/v1/points refused: ${answer.msg}`);
        if (save >= 2) times.push(performance.now() - started);
      }
      return median(times);
    };
    const countPoints = async () => ((await api('GET', '/api/v1/points', token)).data as unknown[]).length;

    const smallCount = await countPoints();
    const small = await timedSaves();
    console.log(`${smallCount} points: a save takes ${small.toFixed(0)} ms (median of ${SAVES})`);

    // The customer grows to POINTS points, written as a save writes them (the point and its technical id's claim).
    const template = (await api('GET', '/api/v1/points', token)).data.find((point: { technical_id: string }) => point.technical_id === 'BENCH-SAVE-0');
    const now = new Date().toISOString();
    const grown = Array.from({ length: POINTS }, (_, index) => {
      const point = { ...template, _id: `point-bench-${index}`, name: `Compteur ${index}`, technical_id: `BENCH-LARGE-${index}`, created_at: now, updated_at: now };
      return [
        pointItem(point),
        { ...keys.technicalId(CUSTOMER, point.technical_id), kind: 'technical-id', point: point._id },
      ];
    }).flat();
    const writing = performance.now();
    await putItems(grown);
    console.log(`${POINTS} points written in ${((performance.now() - writing) / 1000).toFixed(1)} s`);

    const listed = performance.now();
    const answer = await fetch(`${deployment.restBaseUrl}/api/v1/points`, { headers: { Authorization: `Bearer ${token}` } });
    const listBytes = (await answer.arrayBuffer()).byteLength;
    const listMs = performance.now() - listed;
    // fetch takes gzip: the whole list compressed, or 413 list_too_large if its read would outlast the function (unpaged-list-budget).
    const largeCount = smallCount + SAVES + 2 + POINTS;
    const large = await timedSaves();
    console.log(`${largeCount} points: a save takes ${large.toFixed(0)} ms (median of ${SAVES}); GET /api/v1/points answered ${answer.status}, ${(listBytes / 1024).toFixed(0)} KiB in ${listMs.toFixed(0)} ms`);
    console.log(
      `point-save-bench: points_small=${smallCount} create_ms_small=${small.toFixed(0)} points_large=${largeCount} create_ms_large=${large.toFixed(0)} create_ratio=${(large / small).toFixed(2)} list_status=${answer.status} list_ms=${listMs.toFixed(0)}`,
    );
  } finally {
    await emulator.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
