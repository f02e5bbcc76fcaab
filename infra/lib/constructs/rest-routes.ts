import { NestedStack } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { EndpointGroup, RouteDefinition } from '../../../shared/src/api/routes';
import { DEPLOY_LANES, inLanes, resourcesOf } from '../deploy-pace';
import { acknowledge } from '../nag';

type PathOwner = EndpointGroup | 'shared';

/** Every path prefix of the routes (`/api`, `/api/v1`, …) with the one group whose routes go through it, or `shared`. */
const pathOwners = (routes: readonly RouteDefinition[]): Map<string, PathOwner> => {
  const owners = new Map<string, PathOwner>();
  for (const route of routes) {
    let path = '';
    for (const part of route.path.split('/').filter(Boolean)) {
      path += `/${part}`;
      const owner = owners.get(path);
      owners.set(path, owner === undefined || owner === route.group ? route.group : 'shared');
    }
  }
  return owners;
};

const SIGNED_IN =
  "Signed-in route: the TOKEN authorizer checks the product's own session JWTs (its users, passwords and roles live in DynamoDB, not in a Cognito user pool)";

export interface RestRoutesProps {
  api: apigateway.RestApi;
  routes: readonly RouteDefinition[];
  functions: Record<EndpointGroup, lambda.IFunction>;
  authorizer: apigateway.IAuthorizer;
}

/**
 * The methods of the route table. Each endpoint group's methods live in a nested stack of the
 * group, with the paths only that group uses; paths several groups share stay beside the API.
 * A stack holds at most 500 resources: one stack could not hold the product's routes, while a
 * group's stack grows by at most two per route (a method and a path). Each function gets one
 * invoke permission for the whole API: CDK's default of two per method would outgrow a
 * function's 20 KB resource policy.
 *
 * API Gateway creates resources at a few a second per account (CreateResource: 5/s): the group
 * stacks are created one after the other, and in each stack (and among the shared paths) at
 * most `DEPLOY_LANES.apiGateway` paths and methods at a time, in the order they were made
 * (a path after its parent, a method after its path).
 */
export class RestRoutes extends Construct {
  readonly stacks = new Map<EndpointGroup, NestedStack>();

  constructor(scope: Construct, id: string, props: RestRoutesProps) {
    super(scope, id);
    const owners = pathOwners(props.routes);
    const stackOf = (group: EndpointGroup): NestedStack => {
      let stack = this.stacks.get(group);
      if (!stack) {
        stack = new NestedStack(this, group, { description: `REST routes: ${group}` });
        this.stacks.set(group, stack);
      }
      return stack;
    };

    const resourceFor = (path: string): apigateway.IResource => {
      const cut = path.lastIndexOf('/');
      if (cut < 0) return props.api.root;
      const parent = resourceFor(path.slice(0, cut));
      const pathPart = path.slice(cut + 1);
      const owner = owners.get(path)!;
      return (
        parent.getResource(pathPart) ??
        new apigateway.Resource(owner === 'shared' ? this : stackOf(owner), path, { parent, pathPart })
      );
    };

    const integrations = new Map<EndpointGroup, apigateway.LambdaIntegration>();
    const integrationOf = (group: EndpointGroup): apigateway.LambdaIntegration => {
      let integration = integrations.get(group);
      if (!integration) {
        integration = new apigateway.LambdaIntegration(props.functions[group], { scopePermissionToMethod: false });
        integrations.set(group, integration);
      }
      return integration;
    };

    for (const route of props.routes) {
      const method = new apigateway.Method(stackOf(route.group), route.operation, {
        resource: resourceFor(route.path),
        httpMethod: route.method,
        integration: integrationOf(route.group),
        options:
          route.access === 'public'
            ? { authorizationType: apigateway.AuthorizationType.NONE }
            : { authorizer: props.authorizer, authorizationType: apigateway.AuthorizationType.CUSTOM },
      });
      if (route.access === 'public') {
        acknowledge(
          method,
          `Public in the route table: ${route.operation} is called before sign-in (sign-in, password links, registration, what the sign-in page shows) and is limited by the abuse limits where it touches accounts`,
          'AwsSolutions-APIG4',
          'AwsSolutions-COG4',
        );
      } else {
        acknowledge(method, SIGNED_IN, 'AwsSolutions-COG4');
      }
    }

    const apiGatewayTypes = ['AWS::ApiGateway::Resource', 'AWS::ApiGateway::Method'];
    inLanes(resourcesOf(this, ...apiGatewayTypes), DEPLOY_LANES.apiGateway);
    let previous: NestedStack | undefined;
    for (const stack of this.stacks.values()) {
      inLanes(resourcesOf(stack, ...apiGatewayTypes), DEPLOY_LANES.apiGateway);
      if (previous) stack.nestedStackResource!.addResourceDependency(previous.nestedStackResource!);
      previous = stack;
    }
  }
}
