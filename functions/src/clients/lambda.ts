import { LambdaClient } from '@aws-sdk/client-lambda';
import { meterCalls } from '../usage/client-meter';

// Pure: a function that never launches a job (its code imports the launcher through a shared
// service) leaves the client, and the SDK package behind it, out of its bundle.
export const lambda = /* @__PURE__ */ meterCalls(new LambdaClient({}), 'lambda');
