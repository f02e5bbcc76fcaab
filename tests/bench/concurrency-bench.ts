import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { benchApi } from './bench-api';
import { fromRoot } from '../../infra/lib/paths';
import type { Deployment } from '../../infra/local/deploy';

/**
 * `npm run bench:concurrency [name]`: against a running `npm start` (name `dev`), whether calls sent
 * together are served together. The first screen sends its calls at once (seven widget-data calls
 * among them); each case below is timed alone, seven at once and seven one after the other, with
 * the same signed-in token, straight to the emulator's REST API (not through the web server):
 *
 * - widget data of one demo widget (the dashboards function, behind the authorizer);
 * - a trivial signed-in route of another function group (the unread notifications);
 * - a public route without authorizer (the languages, the system function);
 * - a DynamoDB GetItem straight to the emulator, no Lambda at all.
 *
 * `together ÷ alone` is 1 when seven calls take the time of one (served in parallel) and 7 when
 * they queue; `apart ÷ together` is what sending them together gains. The CPU each phase took —
 * the emulator's own process (Python: API Gateway, DynamoDB, Lambda's dispatch), its Lambda workers
 * (Node), and the machine's busy cores (every process, the machine is shared) — says what bounds it.
 */
const name = process.argv[2] ?? 'dev';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const AT_ONCE = 7;
const deployment = JSON.parse(readFileSync(fromRoot('.local', name, 'deployment.json'), 'utf8')) as Deployment;
const accounts = JSON.parse(readFileSync(fromRoot('.local', name, 'demo-accounts.json'), 'utf8')) as { email: string; password: string; role: string }[];
const administrator = accounts.find((account) => account.role === 'administrator' && account.email.includes('energie-plus'))!;
const api = benchApi(deployment.restBaseUrl);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Busy and total jiffies of the whole machine since boot. */
const cpuTicks = () => {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + fields[4];
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
};
const CORES = readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((line) => line.startsWith('processor')).length;

/** Jiffies are 1/100 s on Linux (`getconf CLK_TCK`). */
const MS_PER_TICK = 10;

/** The emulator's process: the one listening on its port. */
const emulatorPid = Number(/pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${new URL(deployment.endpoint).port}`], { encoding: 'utf8' }))?.[1] ?? NaN);

/** User and system ticks of a process (all its threads), its parent, from /proc/<pid>/stat. */
const statOf = (pid: number | string): { ppid: number; ticks: number } | null => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
};

/** CPU ticks of the emulator itself (Python: API Gateway, DynamoDB, Lambda's dispatch) and of its Lambda workers (Node). */
const emulatorTicks = () => {
  const emulator = statOf(emulatorPid)?.ticks ?? 0;
  let workers = 0;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const stat = statOf(entry);
    if (stat?.ppid === emulatorPid) workers += stat.ticks;
  }
  return { emulator, workers };
};

interface PhaseCpu {
  /** Cores of the machine busy meanwhile, every process counted (the machine is shared). */
  busyCores: number;
  /** CPU milliseconds of the emulator's own process and of its Lambda workers. */
  emulatorMs: number;
  workersMs: number;
}

/** Runs `phase` and says what CPU it took. */
const withCpu = async <T>(phase: () => Promise<T>): Promise<{ result: T; cpu: PhaseCpu }> => {
  const [before, emulatorBefore] = [cpuTicks(), emulatorTicks()];
  const result = await phase();
  const [after, emulatorAfter] = [cpuTicks(), emulatorTicks()];
  return {
    result,
    cpu: {
      busyCores: ((after.busy - before.busy) / Math.max(1, after.total - before.total)) * CORES,
      emulatorMs: (emulatorAfter.emulator - emulatorBefore.emulator) * MS_PER_TICK,
      workersMs: (emulatorAfter.workers - emulatorBefore.workers) * MS_PER_TICK,
    },
  };
};

const timed = async (call: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await call();
  return performance.now() - started;
};

interface CaseFigures {
  alone: number;
  together: number;
  togetherEach: number;
  apart: number;
  cpu: { alone: PhaseCpu; together: PhaseCpu; apart: PhaseCpu };
}

const measure = async (call: () => Promise<unknown>): Promise<CaseFigures> => {
  // Warm: as many workers as the widest phase needs exist before anything is timed.
  for (let i = 0; i < 2; i += 1) await Promise.all(Array.from({ length: AT_ONCE }, call));
  for (let i = 0; i < 3; i += 1) await call();
  const alone = await withCpu(async () => {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS * AT_ONCE; i += 1) times.push(await timed(call));
    return times;
  });
  const together = await withCpu(async () => {
    const walls: number[] = [];
    const each: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      walls.push(await timed(async () => each.push(...(await Promise.all(Array.from({ length: AT_ONCE }, () => timed(call)))))));
    }
    return { walls, each };
  });
  const apart = await withCpu(async () => {
    const walls: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      walls.push(
        await timed(async () => {
          for (let i = 0; i < AT_ONCE; i += 1) await call();
        }),
      );
    }
    return walls;
  });
  return {
    alone: median(alone.result),
    together: median(together.result.walls),
    togetherEach: median(together.result.each),
    apart: median(apart.result),
    cpu: { alone: alone.cpu, together: together.cpu, apart: apart.cpu },
  };
};

const expectAnswer = (answer: { res: boolean; msg?: string }, what: string) => {
  if (!answer.res) throw new Error(`${what} answered ${answer.msg}`);
};

const signIn = await api('POST', '/api/v1/users/authenticate', null, { user: { email: administrator.email, password: administrator.password } });
expectAnswer(signIn, 'authenticate');
const token = signIn.data.user.jwt as string;
const widgets = (await api('GET', '/api/v1/widgets', token)).data as { _id: string; type: string; location?: string | null }[];
// The month compared with the previous one: a chart, two series reads (the heaviest kind of the overview).
const widget = widgets.find((candidate) => candidate._id === 'wgt-demo-month') ?? widgets.find((candidate) => candidate.type === 'chart')!;
const body = { widget: { ...widget, location: widget.location ?? null } };

const dynamodb = new DynamoDBClient({ endpoint: deployment.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });

const cases: [string, () => Promise<unknown>][] = [
  [`widget data (${widget.type} ${widget._id}, dashboards function)`, async () => expectAnswer(await api('POST', '/api/v1/widgets/data', token, body), 'widget data')],
  ['unread notifications (notifications function, signed in)', async () => expectAnswer(await api('GET', '/api/v1/notifications/unread', token), 'unread notifications')],
  ['languages (system function, public: no authorizer)', async () => expectAnswer(await api('GET', '/api/v1/languages', null), 'languages')],
  [
    'DynamoDB GetItem straight to the emulator (no Lambda)',
    () => dynamodb.send(new GetItemCommand({ TableName: deployment.entitiesTable, Key: { PK: { S: 'BENCH#concurrency' }, SK: { S: 'BENCH' } } })),
  ],
];

/** CPU per call of a phase: the emulator's process, its workers, and what the emulator's one process could serve at most in the phase's time. */
const cpuText = (cpu: PhaseCpu, calls: number, wallMs: number) =>
  `${(cpu.emulatorMs / calls).toFixed(0)} ms emulator + ${(cpu.workersMs / calls).toFixed(0)} ms workers per call (emulator busy ${((cpu.emulatorMs / wallMs) * 100).toFixed(0)} % of the time), ${cpu.busyCores.toFixed(2)} of ${CORES} cores busy`;

console.log(`emulator process ${emulatorPid}; ${ROUNDS} rounds of ${AT_ONCE} calls per phase`);
const figures: Record<string, CaseFigures> = {};
for (const [label, call] of cases) {
  const result = await measure(call);
  figures[label] = result;
  const calls = ROUNDS * AT_ONCE;
  console.log(
    `${label}:\n  alone p50 ${result.alone.toFixed(0)} ms; ${AT_ONCE} at once: all done in ${result.together.toFixed(0)} ms (each p50 ${result.togetherEach.toFixed(0)} ms); ${AT_ONCE} one after the other ${result.apart.toFixed(0)} ms` +
      `\n  together ÷ alone ${(result.together / result.alone).toFixed(2)} (1 = parallel, ${AT_ONCE} = queued); apart ÷ together ${(result.apart / result.together).toFixed(2)} (what sending them together gains)` +
      `\n  CPU alone: ${cpuText(result.cpu.alone, calls, result.alone * calls)}` +
      `\n  CPU together: ${cpuText(result.cpu.together, calls, result.together * ROUNDS)}` +
      `\n  CPU apart: ${cpuText(result.cpu.apart, calls, result.apart * ROUNDS)}`,
  );
}
const [data, trivial, open, table] = Object.values(figures);
console.log(
  `concurrency-bench: widget_alone_ms=${data.alone.toFixed(0)} widget_together_ratio=${(data.together / data.alone).toFixed(2)} widget_gain=${(data.apart / data.together).toFixed(2)}` +
    ` trivial_together_ratio=${(trivial.together / trivial.alone).toFixed(2)} public_together_ratio=${(open.together / open.alone).toFixed(2)} dynamodb_together_ratio=${(table.together / table.alone).toFixed(2)}` +
    ` widget_emulator_cpu_ms=${(data.cpu.together.emulatorMs / (ROUNDS * AT_ONCE)).toFixed(0)} widget_workers_cpu_ms=${(data.cpu.together.workersMs / (ROUNDS * AT_ONCE)).toFixed(0)} busy_cores_together=${data.cpu.together.busyCores.toFixed(2)}`,
);
