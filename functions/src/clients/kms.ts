import { KMSClient } from '@aws-sdk/client-kms';
import { meterCalls } from '../usage/client-meter';

export const kms = /* @__PURE__ */ meterCalls(new KMSClient({}), 'kms');
