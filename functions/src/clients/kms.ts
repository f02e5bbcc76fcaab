import { KMSClient } from '@aws-sdk/client-kms';

export const kms = /* @__PURE__ */ new KMSClient({});
