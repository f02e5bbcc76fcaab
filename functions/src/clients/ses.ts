import { SESv2Client } from '@aws-sdk/client-sesv2';
import { meterCalls } from '../usage/client-meter';

export const ses = /* @__PURE__ */ meterCalls(new SESv2Client({}), 'ses');
