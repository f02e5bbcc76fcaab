import { SNSClient } from '@aws-sdk/client-sns';

export const sns = /* @__PURE__ */ new SNSClient({});
