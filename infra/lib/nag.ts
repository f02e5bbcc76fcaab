import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag findings on one construct (and what it holds), each with the reason it is
 * right in production. An id names one finding where the rule reports several
 * (`AwsSolutions-IAM5[Resource::…]`), so nothing else of that rule is silenced.
 */
export const acknowledge = (scope: IConstruct, reason: string, ...ids: string[]): void => {
  for (const id of ids) Validations.of(scope).acknowledge({ id, reason });
};

/** How cdk-nag writes a resource's ARN in its findings: `<LogicalId.Arn>`. */
export const nagArnOf = (resource: IConstruct): string => {
  const element = (resource.node.defaultChild ?? resource) as CfnElement;
  return `<${Stack.of(element).getLogicalId(element)}.Arn>`;
};

/** How cdk-nag writes a `Ref` of a resource in its findings: `<LogicalId>`. */
export const nagRefOf = (resource: IConstruct): string => {
  const element = (resource.node.defaultChild ?? resource) as CfnElement;
  return `<${Stack.of(element).getLogicalId(element)}>`;
};

/** The wildcard actions of CDK's bucket grants (`grantRead`, `grantReadWrite`). */
export const BUCKET_GRANT_ACTIONS = ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'];
