import { SESv2Client } from '@aws-sdk/client-sesv2';

export const ses = /* @__PURE__ */ new SESv2Client({});
