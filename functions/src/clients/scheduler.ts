import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { meterCalls } from '../usage/client-meter';

export const scheduler = /* @__PURE__ */ meterCalls(new SchedulerClient({}), 'scheduler');
