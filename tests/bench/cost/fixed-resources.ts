import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PRODUCT_METRICS } from '../../../functions/src/logger';
import { buildTestApp } from '../../infra/build-test-app';
import type { FixedResources } from './cost-model';

/** A schedule of the deployment's own (not a customer's): its name, expression and target's logical id. */
export interface DeploymentSchedule {
  name: string;
  expression: string;
  perMonth: number;
}

const MINUTES_IN_MONTH = (365.25 / 12) * 24 * 60;
const UNIT_MINUTES: Record<string, number> = { minute: 1, minutes: 1, hour: 60, hours: 60, day: 1440, days: 1440 };

/** Runs a month of a `rate(n unit)` expression (cron expressions of the deployment's own are not expected: null). */
export const runsPerMonth = (expression: string): number | null => {
  const match = /^rate\((\d+)\s+(minutes?|hours?|days?)\)$/.exec(expression.trim());
  return match ? MINUTES_IN_MONTH / (Number(match[1]) * UNIT_MINUTES[match[2]]) : null;
};

type Template = { Resources?: Record<string, { Type: string; Properties?: Record<string, any> }> };

/** Counts what the fixed cost is made of in the templates of the synthesized app. */
export const countFixedResources = (templates: readonly Template[]): { resources: FixedResources; schedules: DeploymentSchedule[] } => {
  const all = templates.flatMap((template) => Object.entries(template.Resources ?? {}));
  const ofType = (type: string) => all.filter(([, resource]) => resource.Type === type);
  const webAcls = ofType('AWS::WAFv2::WebACL');
  return {
    resources: {
      kmsKeys: ofType('AWS::KMS::Key').length,
      secrets: ofType('AWS::SecretsManager::Secret').length,
      webAcls: webAcls.length,
      wafRules: webAcls.reduce((sum, [, acl]) => sum + ((acl.Properties?.Rules as unknown[] | undefined)?.length ?? 0), 0),
      alarms: ofType('AWS::CloudWatch::Alarm').length,
      dashboards: ofType('AWS::CloudWatch::Dashboard').length,
      customMetrics: PRODUCT_METRICS.length,
    },
    schedules: [...ofType('AWS::Scheduler::Schedule'), ...ofType('AWS::Events::Rule')]
      .map(([name, resource]) => ({ name, expression: String(resource.Properties?.ScheduleExpression ?? '') }))
      .filter((schedule) => schedule.expression)
      .map((schedule) => ({ ...schedule, perMonth: runsPerMonth(schedule.expression) ?? 0 })),
  };
};

/** The app as deployed to AWS (tests/infra/build-test-app.ts), synthesized without bundling: every template, nested ones included. */
export const synthesizedTemplates = (): Template[] => {
  const { app } = buildTestApp({ skipBundling: true });
  const assembly = app.synth();
  return readdirSync(assembly.directory)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => JSON.parse(readFileSync(path.join(assembly.directory, file), 'utf8')) as Template);
};
