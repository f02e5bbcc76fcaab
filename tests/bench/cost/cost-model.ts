import { cheapestMemory, gbSecondsAtMemory, type MemoryOption } from '../../../functions/src/usage/lambda-units';

/**
 * The cost bench's arithmetic, pure: usage lines and the bench's own counts of a sampled piece of
 * work, scaled to a month by the factor the bench prints, times the prices of the checked-in table.
 * The bench (tests/bench/cost-bench.ts) measures; this file only counts and multiplies.
 */

/** One metered invocation, as functions/src/usage/meter.ts writes it. */
export interface UsageLine {
  fn: string;
  memoryMb: number;
  durationMs: number;
  /** CPU time of the invocation (the meter's since it counts it): what a smaller memory stretches on AWS. */
  cpuMs?: number;
  /** Resident memory at its end, in MiB. */
  rssMb?: number;
  rcu: number;
  wcu: number;
  wcuCheck?: { reported: number; computed: number };
  putBytes?: number;
  calls: Record<string, number>;
  logBytes: number;
  /**
   * Work that runs inside another invocation of the sample (a firing's further fetches, measured
   * alone): its units, GB-s and log lines count, but it is no Lambda request of its own and adds
   * none of Lambda's own log lines.
   */
  within?: boolean;
}

export interface Price {
  usd: number | null;
  source: string;
}

export interface PriceTable {
  region: string;
  read: string;
  prices: Record<string, Price>;
  assumptions: Record<string, { value: number; source: string }>;
}

/** What the bench counts itself while the work runs (the requests it sends, the channel it keeps open). */
export interface DriverCounts {
  restRequests: number;
  /** Bytes of the REST answers (they leave through CloudFront). */
  restBytes: number;
  websocketMessages: number;
  websocketConnectionMinutes: number;
  schedulerInvocations: number;
  /** The web app's own files fetched from CloudFront (index.html, config.json: the hashed assets stay cached). */
  staticRequests: number;
  staticBytes: number;
}

export const NO_DRIVER_COUNTS: DriverCounts = { restRequests: 0, restBytes: 0, websocketMessages: 0, websocketConnectionMinutes: 0, schedulerInvocations: 0, staticRequests: 0, staticBytes: 0 };

/** A kind of work, measured on a sample and scaled to a month. */
export interface WorkSample {
  /** Short name, in the cost lines: `dashboard`, `alerts`… */
  kind: string;
  /** What one unit of the work is: `dashboard open`. */
  unit: string;
  /** Units measured. */
  measured: number;
  /** Units in the reference customer's month. */
  perMonth: number;
  /** How `perMonth` was reached, printed beside the factor. */
  basis: string;
  /** Paid whatever the customers do (the deployment's own sweeps): not divided among customers. */
  fixed?: boolean;
  usage: UsageLine[];
  driver: DriverCounts;
}

export interface FunctionConfig {
  memoryMb: number;
  architecture: 'arm64' | 'x86_64';
}

export type Service =
  | 'DynamoDB'
  | 'Lambda'
  | 'API Gateway'
  | 'S3'
  | 'EventBridge Scheduler'
  | 'SES'
  | 'SNS'
  | 'CloudWatch Logs'
  | 'CloudWatch'
  | 'KMS'
  | 'Secrets Manager'
  | 'CloudFront'
  | 'WAF';

export interface CostLine {
  service: Service;
  cause: string;
  quantity: number;
  unit: string;
  usd: number;
  fixed: boolean;
}

/**
 * API Gateway keeps a TOKEN authorizer's answer for its cache time (5 minutes here) per token:
 * calls of one session within it run the authorizer once. Where the emulator ran it for every
 * call, only `sessions` of its invocations are kept (one per session the sample holds).
 */
export const withAuthorizerCache = (usage: readonly UsageLine[], sessions: number): { usage: UsageLine[]; dropped: number } => {
  let kept = 0;
  const result = usage.filter((line) => !shortFunctionName(line.fn).startsWith('Authorizer') || kept++ < sessions);
  return { usage: result, dropped: usage.length - result.length };
};

export const factorOf = (sample: Pick<WorkSample, 'measured' | 'perMonth'>): number => sample.perMonth / sample.measured;

/** `WattWiseApi-DashboardsEndpointsFunction1A2B3C4D-5EADB802B6B51` → `DashboardsEndpoints`. */
export const shortFunctionName = (name: string): string =>
  name
    .replace(/^WattWise[A-Za-z]*-/, '')
    .replace(/Function[0-9A-F]{8}(-[0-9A-Za-z]+)?$/, '')
    .replace(/-[0-9A-Za-z]{10,}$/, '');

const priceOf = (table: PriceTable, key: string): number | null => {
  const price = table.prices[key];
  if (!price) throw new Error(`The price table has no ${key}`);
  return price.usd;
};

const GB = 1024 ** 3;

/** S3's request classes: PUT, COPY, POST, LIST at one price; GET and the rest at another; DELETE free. */
const S3_PUT_CLASS = /^s3:(PutObject|CopyObject|ListObjects|ListObjectsV2|CreateMultipartUpload|UploadPart|CompleteMultipartUpload|PostObject)$/;
const S3_GET_CLASS = /^s3:(GetObject|HeadObject|GetObjectAttributes|SelectObjectContent)$/;

const sum = <T>(items: readonly T[], of: (item: T) => number): number => items.reduce((total, item) => total + of(item), 0);

const callsMatching = (usage: readonly UsageLine[], pattern: RegExp): number =>
  sum(usage, (line) => sum(Object.entries(line.calls).filter(([name]) => pattern.test(name)), ([, count]) => count));

/**
 * The month's cost lines of one kind of work: its measured counts × its factor × the prices.
 * Lambda is priced per function (GB-s from each invocation's duration and the function's
 * configured memory and architecture); logs per function (its lines and Lambda's own three).
 */
export const linesOfSample = (sample: WorkSample, prices: PriceTable, functions: ReadonlyMap<string, FunctionConfig>): CostLine[] => {
  const factor = factorOf(sample);
  const fixed = sample.fixed ?? false;
  const lines: CostLine[] = [];
  const add = (service: Service, cause: string, quantity: number, unit: string, usdPerUnit: number | null) => {
    if (quantity <= 0) return;
    lines.push({ service, cause, quantity, unit, usd: usdPerUnit === null ? 0 : quantity * usdPerUnit, fixed });
  };
  const kind = sample.kind;
  const usage = sample.usage;
  const platformBytes = prices.assumptions.lambdaPlatformLogBytesPerInvocation.value;

  // Lambda, per function.
  const byFunction = new Map<string, UsageLine[]>();
  for (const line of usage) byFunction.set(line.fn, [...(byFunction.get(line.fn) ?? []), line]);
  const invocations = (lines_: readonly UsageLine[]) => lines_.filter((line) => !line.within).length;
  add('Lambda', `requests of ${kind}`, invocations(usage) * factor, 'requests', priceOf(prices, 'lambda.requestPerMillion')! / 1e6);
  for (const [fn, lines_] of byFunction) {
    const config = functions.get(fn);
    const memoryMb = config?.memoryMb ?? lines_[0].memoryMb;
    const price = priceOf(prices, config?.architecture === 'x86_64' ? 'lambda.gbSecondX86' : 'lambda.gbSecondArm')!;
    // Each duration as AWS would run it at the configured memory: its CPU time stretched by the
    // share of a vCPU that memory buys (lambda-units.ts `durationAtMemory`).
    add('Lambda', `GB-s of ${kind} (${shortFunctionName(fn)})`, gbSecondsAtMemory(lines_, memoryMb) * factor, 'GB-s', price);
    add('CloudWatch Logs', `of ${kind} (${shortFunctionName(fn)})`, (sum(lines_, (line) => line.logBytes) + platformBytes * invocations(lines_)) * factor / GB, 'GB', priceOf(prices, 'logs.ingestionGb'));
  }

  // DynamoDB.
  add('DynamoDB', `reads of ${kind}`, sum(usage, (line) => line.rcu) * factor, 'read units', priceOf(prices, 'dynamodb.readUnitPerMillion')! / 1e6);
  add('DynamoDB', `writes of ${kind}`, sum(usage, (line) => line.wcu) * factor, 'write units', priceOf(prices, 'dynamodb.writeUnitPerMillion')! / 1e6);

  // The other services the functions call.
  add('S3', `PUT/LIST requests of ${kind}`, callsMatching(usage, S3_PUT_CLASS) * factor, 'requests', priceOf(prices, 's3.putPerThousand')! / 1000);
  add('S3', `GET requests of ${kind}`, callsMatching(usage, S3_GET_CLASS) * factor, 'requests', priceOf(prices, 's3.getPerThousand')! / 1000);
  add('SES', `e-mails of ${kind}`, callsMatching(usage, /^ses:SendEmail$/) * factor, 'messages', priceOf(prices, 'ses.messagesPerThousand')! / 1000);
  add('SES', `attachments of ${kind}`, (callsMatching(usage, /^ses:SendEmail:bytes$/) * factor) / GB, 'GB', priceOf(prices, 'ses.attachmentGb'));
  add('SNS', `SMS of ${kind}`, callsMatching(usage, /^sns:Publish$/) * factor, 'SMS', priceOf(prices, 'sns.smsFrance'));
  add('KMS', `requests of ${kind}`, callsMatching(usage, /^kms:(?!.*:bytes$)/) * factor, 'requests', priceOf(prices, 'kms.requestsPerTenThousand')! / 1e4);
  add('Secrets Manager', `reads of ${kind}`, callsMatching(usage, /^secretsmanager:/) * factor, 'requests', priceOf(prices, 'secrets.requestsPerTenThousand')! / 1e4);

  // What the bench counted itself.
  const driver = sample.driver;
  add('API Gateway', `REST requests of ${kind}`, driver.restRequests * factor, 'requests', priceOf(prices, 'apigateway.restPerMillion')! / 1e6);
  add('CloudWatch Logs', `of REST access logs (${kind})`, (driver.restRequests * prices.assumptions.restAccessLogBytesPerRequest.value * factor) / GB, 'GB', priceOf(prices, 'logs.ingestionGb'));
  add('API Gateway', `WebSocket messages of ${kind}`, (driver.websocketMessages + callsMatching(usage, /^apigateway:PostToConnection$/)) * factor, 'messages', priceOf(prices, 'apigateway.websocketMessagesPerMillion')! / 1e6);
  add('API Gateway', `WebSocket connection minutes of ${kind}`, driver.websocketConnectionMinutes * factor, 'minutes', priceOf(prices, 'apigateway.websocketConnectionMinutesPerMillion')! / 1e6);
  add('EventBridge Scheduler', `invocations of ${kind}`, driver.schedulerInvocations * factor, 'invocations', priceOf(prices, 'scheduler.invocationsPerMillion')! / 1e6);
  const edgeRequests = (driver.restRequests + driver.staticRequests) * factor;
  add('CloudFront', `requests of ${kind}`, edgeRequests, 'requests', priceOf(prices, 'cloudfront.httpsPerTenThousand')! / 1e4);
  add('CloudFront', `transfer of ${kind}`, ((driver.restBytes + driver.staticBytes) * factor) / GB, 'GB', priceOf(prices, 'cloudfront.transferGb'));
  add('WAF', `requests of ${kind}`, edgeRequests, 'requests', priceOf(prices, 'waf.requestsPerMillion')! / 1e6);
  return lines;
};

/** What the customer keeps stored in a month (its data after `historyMonths` of use). */
export interface StoredBytes {
  dynamodb: number;
  s3: number;
}

export const storageLines = (stored: StoredBytes, prices: PriceTable): CostLine[] =>
  [
    { service: 'DynamoDB' as const, cause: 'storage', quantity: stored.dynamodb / GB, unit: 'GB-month', usd: (stored.dynamodb / GB) * priceOf(prices, 'dynamodb.storageGbMonth')!, fixed: false },
    { service: 'S3' as const, cause: 'storage', quantity: stored.s3 / GB, unit: 'GB-month', usd: (stored.s3 / GB) * priceOf(prices, 's3.storageGbMonth')!, fixed: false },
  ].filter((line) => line.quantity > 0);

/** The deployment's resources that cost by the month whatever its customers do, counted in the synthesized app. */
export interface FixedResources {
  kmsKeys: number;
  secrets: number;
  webAcls: number;
  wafRules: number;
  alarms: number;
  dashboards: number;
  /** The product's own metrics (embedded metric format, one dimension: the stage). */
  customMetrics: number;
}

export const fixedLines = (resources: FixedResources, prices: PriceTable): CostLine[] => {
  const line = (service: Service, cause: string, quantity: number, key: string): CostLine => ({ service, cause, quantity, unit: 'per month', usd: quantity * priceOf(prices, key)!, fixed: true });
  return [
    line('KMS', `${resources.kmsKeys} keys`, resources.kmsKeys, 'kms.keyMonth'),
    line('Secrets Manager', `${resources.secrets} secrets`, resources.secrets, 'secrets.secretMonth'),
    line('WAF', `${resources.webAcls} web ACL`, resources.webAcls, 'waf.webAclMonth'),
    line('WAF', `${resources.wafRules} rules`, resources.wafRules, 'waf.ruleMonth'),
    line('CloudWatch', `${resources.alarms} alarms`, resources.alarms, 'cloudwatch.alarmMonth'),
    line('CloudWatch', `${resources.dashboards} dashboard`, resources.dashboards, 'cloudwatch.dashboardMonth'),
    line('CloudWatch', `${resources.customMetrics} custom metrics`, resources.customMetrics, 'cloudwatch.metricMonth'),
  ].filter((entry) => entry.quantity > 0);
};

export interface Summary {
  byService: Map<Service, number>;
  variableUsd: number;
  fixedUsd: number;
  perCustomerUsd: number;
  perPointUsd: number;
  top: CostLine[];
  /** Customers at which the fixed cost falls under 10 % of the total. */
  customersForFixedUnderTenPercent: number;
  /** How much the customer's month moves when every duration moves by 25 % (the Lambda GB-s lines). */
  durationSensitivityUsd: number;
}

/** The smallest number of customers n with fixed / (fixed + n × variable) < 10 %. */
export const customersForFixedUnder = (fixedUsd: number, perCustomerUsd: number, share = 0.1): number =>
  perCustomerUsd <= 0 ? Infinity : Math.floor((fixedUsd * (1 - share)) / (share * perCustomerUsd)) + 1;

export const summarize = (lines: readonly CostLine[], points: number, topCount = 5): Summary => {
  const variable = lines.filter((line) => !line.fixed);
  const byService = new Map<Service, number>();
  for (const line of variable) byService.set(line.service, (byService.get(line.service) ?? 0) + line.usd);
  const variableUsd = sum(variable, (line) => line.usd);
  const fixedUsd = sum(lines.filter((line) => line.fixed), (line) => line.usd);
  return {
    byService,
    variableUsd,
    fixedUsd,
    perCustomerUsd: variableUsd,
    perPointUsd: variableUsd / points,
    top: [...variable].sort((a, b) => b.usd - a.usd).slice(0, topCount),
    customersForFixedUnderTenPercent: customersForFixedUnder(fixedUsd, variableUsd),
    durationSensitivityUsd: 0.25 * sum(variable.filter((line) => line.service === 'Lambda' && line.unit === 'GB-s'), (line) => line.usd),
  };
};

const usd = (value: number): string => (value >= 1 ? value.toFixed(2) : value >= 0.01 ? value.toFixed(3) : value.toPrecision(2));

const lineName = (line: CostLine): string => `${line.service} ${line.cause}`.replace(/[\s,:=]+/g, '_');

/** The bench's last line, machine-readable. */
export const lastLine = (summary: Summary): string =>
  [
    'cost-bench:',
    `usd_per_customer_month=${usd(summary.perCustomerUsd)}`,
    `usd_per_point_month=${summary.perPointUsd.toPrecision(2)}`,
    `fixed_usd_month=${usd(summary.fixedUsd)}`,
    `top=${summary.top.map((line) => `${lineName(line)}:${usd(line.usd)}`).join(',')}`,
    `dynamodb_usd=${usd(summary.byService.get('DynamoDB') ?? 0)}`,
    `lambda_usd=${usd(summary.byService.get('Lambda') ?? 0)}`,
    `logs_usd=${usd(summary.byService.get('CloudWatch Logs') ?? 0)}`,
  ].join(' ');

export { usd as formatUsd };

/** A function's memory weighed from the month's invocations: what it is, what it would best be. */
export interface MemoryAdvice {
  fn: string;
  configuredMb: number;
  /** Who waits on it, which bounds how much slower a smaller size may make its slowest call. */
  waiter: Waiter;
  invocationsPerMonth: number;
  cpuShare: number;
  rssMb: number;
  chosen: MemoryOption;
  atConfigured: MemoryOption;
  options: MemoryOption[];
}

/**
 * Who waits on a function: a person at each call (the API's endpoint groups, the authorizer), a
 * person following a long job's progress (file imports), or nobody (scheduled work, live logs).
 */
export type Waiter = 'interactive' | 'watched' | 'background';

export const waiterOf = (fn: string): Waiter => {
  const name = shortFunctionName(fn);
  if (/Endpoints|Authorizer/.test(name)) return 'interactive';
  if (/FileImports/.test(name)) return 'watched';
  return 'background';
};

/** How much slower each kind of waiter lets a smaller size make the slowest call (a few ms never count). */
const SLOWDOWN: Record<Waiter, { maxSlowdown?: number; toleranceMs?: number }> = {
  interactive: { maxSlowdown: 1.25, toleranceMs: 50 },
  watched: { maxSlowdown: 1.5, toleranceMs: 1000 },
  background: {},
};

/**
 * Functions not weighed: the report printer's Chromium runs in a process of its own, whose CPU
 * and memory the meter (the Node process's) does not see.
 */
const NOT_WEIGHED = /ReportPdf/;

/**
 * The sizes weighed. 512 MB is the floor: the waiting measured here is the emulator's, slower
 * than DynamoDB's, so the share of waiting — what a small size saves on — is overstated, and a
 * smaller size would also lengthen cold starts of the bundled SDK.
 */
export const MEMORY_CANDIDATES = [512, 1024, 1769];

/**
 * Power tuning from the bench's own measurement (AWS Lambda Power Tuning's method, with the
 * duration at each size computed from the invocation's wall and CPU times rather than run at
 * each size: the emulator gives every function a full core). Only lines with a CPU time count.
 */
export const memoryAdvice = (samples: readonly WorkSample[], functions: ReadonlyMap<string, FunctionConfig>, candidates = MEMORY_CANDIDATES): MemoryAdvice[] => {
  const byFunction = new Map<string, (UsageLine & { weight: number })[]>();
  for (const sample of samples.filter((entry) => !entry.fixed)) {
    const factor = factorOf(sample);
    for (const line of sample.usage.filter((entry) => entry.cpuMs !== undefined && !NOT_WEIGHED.test(entry.fn))) {
      byFunction.set(line.fn, [...(byFunction.get(line.fn) ?? []), { ...line, weight: factor }]);
    }
  }
  return [...byFunction].map(([fn, lines_]) => {
    const configuredMb = functions.get(fn)?.memoryMb ?? lines_[0].memoryMb;
    const waiter = waiterOf(fn);
    const sizes = [...new Set([...candidates, configuredMb])].sort((a, b) => a - b);
    const { chosen, options } = cheapestMemory(lines_, { candidates: sizes, ...SLOWDOWN[waiter] });
    const wall = sum(lines_, (line) => line.weight * line.durationMs);
    return {
      fn,
      configuredMb,
      waiter,
      invocationsPerMonth: sum(lines_, (line) => line.weight),
      cpuShare: wall > 0 ? sum(lines_, (line) => line.weight * Math.min(line.cpuMs ?? 0, line.durationMs)) / wall : 0,
      rssMb: Math.max(0, ...lines_.map((line) => line.rssMb ?? 0)),
      chosen,
      atConfigured: options.find((option) => option.memoryMb === configuredMb)!,
      options,
    };
  });
};
