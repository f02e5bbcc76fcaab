import { SNSClient } from '@aws-sdk/client-sns';
import { meterCalls } from '../usage/client-meter';

export const sns = /* @__PURE__ */ meterCalls(new SNSClient({}), 'sns');
