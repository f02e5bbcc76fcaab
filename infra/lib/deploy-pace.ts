import { CfnResource, Stack } from 'aws-cdk-lib';
import { CfnRole } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * How many resources of one kind CloudFormation may create at once in a stack. CloudFormation
 * starts every resource whose dependencies are met together; against a fresh account that is
 * dozens of calls in the same second, past the services' fixed per-account rates, and a
 * throttled create fails the whole deploy (aws-cdk issues 22229, 15573, 9882). The figures stay
 * well under each rate, counting a create as one call a second (docs/operations/aws-limits.md).
 */
export const DEPLOY_LANES = {
  /** API Gateway: CreateResource 5 requests/s per account; every other call shares 10/s (burst 40). */
  apiGateway: 3,
  /** Lambda's control plane (AddPermission, event invoke configs, event source mappings): 15 requests/s per account. */
  lambdaControlPlane: 3,
  /** CloudWatch Logs: CreateLogGroup and PutSubscriptionFilter, 5 requests/s each per account. */
  logs: 2,
  /** IAM (CreateRole): the account's control-plane rate, shared with every other caller. */
  iamRoles: 3,
  /** CloudWatch: PutMetricAlarm, 3 requests/s per account. */
  alarms: 2,
} as const;

/**
 * Each resource waits for the one `lanes` places before it, so that at most `lanes` are
 * created at a time. The order must be one the resources' own references already follow
 * (none refers to a later one), or the chain would close a cycle: leaves (permissions,
 * subscription filters, alarms), resources without references (log groups, roles without
 * inline policies), or the order in which a tree was built (API paths after their parents).
 */
export const inLanes = (resources: readonly CfnResource[], lanes: number): void => {
  for (let i = lanes; i < resources.length; i++) resources[i].addResourceDependency(resources[i - lanes]);
};

/** The resources of these CloudFormation types that `scope` holds in its own stack (not in nested ones), in the order they were made. */
export const resourcesOf = (scope: IConstruct, ...types: string[]): CfnResource[] => {
  const stack = Stack.of(scope);
  return scope.node
    .findAll()
    .filter((node): node is CfnResource => CfnResource.isCfnResource(node) && types.includes(node.cfnResourceType) && Stack.of(node) === stack);
};

/**
 * Paces the groups that fan out in a stack once everything is in it: Lambda permissions and
 * configurations, log groups and subscription filters, roles, alarms. None of these is referred
 * to by another of its group, so any order is safe; construction order keeps the template stable.
 */
export const paceDeployment = (stack: Stack): void => {
  inLanes(resourcesOf(stack, 'AWS::Lambda::Permission', 'AWS::Lambda::EventInvokeConfig', 'AWS::Lambda::EventSourceMapping'), DEPLOY_LANES.lambdaControlPlane);
  inLanes(resourcesOf(stack, 'AWS::Logs::LogGroup'), DEPLOY_LANES.logs);
  inLanes(resourcesOf(stack, 'AWS::Logs::SubscriptionFilter'), DEPLOY_LANES.logs);
  // A role with inline policies may name other resources; the app's roles carry theirs in separate policies.
  inLanes(resourcesOf(stack, 'AWS::IAM::Role').filter((role) => (role as CfnRole).policies === undefined), DEPLOY_LANES.iamRoles);
  inLanes(resourcesOf(stack, 'AWS::CloudWatch::Alarm'), DEPLOY_LANES.alarms);
};
