import { SchedulerClient } from '@aws-sdk/client-scheduler';

export const scheduler = /* @__PURE__ */ new SchedulerClient({});
