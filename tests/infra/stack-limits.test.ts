import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { CfnPermission } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@shared/api/routes';
import { buildTestApp } from './build-test-app';

/** AWS refuses a stack of more than 500 resources; we keep a margin for what each issue adds. */
const RESOURCES_PER_STACK = 450;
/** AWS refuses a permission that would grow a function's resource-based policy past 20 KB. */
const FUNCTION_POLICY_BYTES = 20 * 1024;

/** As many routes as the whole product has, made of today's routes under new paths. */
const generatedRoutes = (count: number): RouteDefinition[] =>
  Array.from({ length: count }, (_, i) => ({
    ...ROUTES[i % ROUTES.length],
    operation: `generated${i}`,
    path: `/api/v1/generated/r${i}`,
  }));

const stacksOf = (root: IConstruct): Stack[] => root.node.findAll().filter((node): node is Stack => Stack.isStack(node));

const resourceCount = (stack: Stack): number => Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length;

/** Every physical name or id at its longest, so the policy size is an upper estimate. */
const LONGEST = { 'AWS::Partition': 'aws-us-gov', 'AWS::Region': 'ap-southeast-3', 'AWS::AccountId': '123456789012' } as Record<string, string>;
const asStoredText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const intrinsic = value as Record<string, unknown>;
  if ('Fn::Join' in intrinsic) {
    const [separator, parts] = intrinsic['Fn::Join'] as [string, unknown[]];
    return parts.map(asStoredText).join(separator);
  }
  return LONGEST[String(intrinsic.Ref)] ?? 'x'.repeat(64);
};

/** The statement Lambda keeps in the function's policy for one AWS::Lambda::Permission. */
const storedStatement = (permission: CfnPermission) => {
  const stack = Stack.of(permission);
  return {
    Sid: `${stack.stackName}-${stack.getLogicalId(permission)}-XXXXXXXXXXXX`,
    Effect: 'Allow',
    Principal: { Service: permission.principal },
    Action: permission.action,
    Resource: `arn:aws-us-gov:lambda:ap-southeast-3:123456789012:function:${'x'.repeat(64)}`,
    ...(permission.sourceArn && {
      Condition: { ArnLike: { 'AWS:SourceArn': asStoredText(stack.resolve(permission.sourceArn)) } },
    }),
  };
};

/** Estimated bytes of each function's resource-based policy, keyed by the function's ARN token. */
const functionPolicySizes = (root: IConstruct): Map<string, number> => {
  const sizes = new Map<string, number>();
  for (const permission of root.node.findAll().filter((node) => node instanceof CfnPermission)) {
    const bytes = JSON.stringify(storedStatement(permission)).length;
    sizes.set(permission.functionName, (sizes.get(permission.functionName) ?? 0) + bytes);
  }
  return sizes;
};

describe('the app within AWS limits', () => {
  const apps = new Map<string, ReturnType<typeof buildTestApp>['app']>();
  /** Each route table is built once, its functions' code unbundled: resources and policies are the same, the synthesis seconds instead of half a minute. */
  const appWith = (label: string, routes: readonly RouteDefinition[]) => {
    if (!apps.has(label)) apps.set(label, buildTestApp({ routes, skipBundling: true }).app);
    return apps.get(label)!;
  };
  const tables: [string, readonly RouteDefinition[]][] = [
    [`today's ${ROUTES.length} routes`, ROUTES],
    ['200 generated routes', generatedRoutes(200)],
  ];

  it.each(tables)('keeps every stack, nested ones included, under 450 resources with %s', (label, routes) => {
    const app = appWith(label, routes);
    const counts = stacksOf(app).map((stack) => ({ stack: stack.node.path, resources: resourceCount(stack) }));
    // The figures are what this check is about: shown so that growth is seen before it fails.
    console.log(`Resources per stack with ${label}:\n${counts.map((c) => `  ${c.stack}: ${c.resources}`).join('\n')}`);
    for (const { resources } of counts) expect(resources).toBeLessThan(RESOURCES_PER_STACK);
  });

  it('keeps every function policy under 20 KB with 200 generated routes', () => {
    const [label, routes] = tables[1];
    const app = appWith(label, routes);
    const sizes = [...functionPolicySizes(app).values()];
    console.log(`Largest function policy with 200 generated routes: ${Math.max(...sizes)} bytes (estimated)`);
    expect(sizes.length).toBeGreaterThanOrEqual(8);
    for (const bytes of sizes) expect(bytes).toBeLessThan(FUNCTION_POLICY_BYTES);
  });
});
