import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { describeError, logger, withUsage } from '../logger';
import { toAuthorizerContext } from '../middleware/caller';
import { isPrintToken, verifyPrintToken, verifyToken } from '../services/token-service';

/**
 * Every method of the same stage (`arn:…:{apiId}/{stage}/*`): the policy is cached per token, so
 * it must not be narrowed to the first route the token called.
 */
export const stageWideArn = (methodArn: string): string => {
  const [apiArn, stage] = methodArn.split('/');
  return `${apiArn}/${stage}/*`;
};

/**
 * TOKEN authorizer: a missing, malformed, expired or tampered bearer token is refused with
 * "Unauthorized" (401) before any function runs.
 */
export const handler = (event: APIGatewayTokenAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => withUsage(() => authorize(event));

const authorize = async (event: APIGatewayTokenAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  const match = /^Bearer\s+(\S+)$/i.exec(event.authorizationToken ?? '');
  if (!match) {
    logger.info('authorizer refused', { reason: 'no bearer token' });
    throw new Error('Unauthorized');
  }
  try {
    const printClaims = isPrintToken(match[1]) ? await verifyPrintToken(match[1]) : null;
    const claims = printClaims ?? (await verifyToken(match[1]));
    const printReport = printClaims?.rid;
    logger.info('authorizer allowed', { user: claims.sub, ...(printReport ? { printReport } : {}) });
    return {
      principalId: claims.sub,
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: stageWideArn(event.methodArn) }],
      },
      context: toAuthorizerContext({
        userId: claims.sub,
        customerId: claims.cid,
        homeCustomerId: claims.home,
        role: claims.role,
        isRoot: claims.root,
        remember: claims.rem,
        ...(printReport ? { printReport } : {}),
      }),
    };
  } catch (error) {
    logger.info('authorizer refused', describeError(error));
    throw new Error('Unauthorized');
  }
};
