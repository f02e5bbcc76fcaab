import {
  smtpConnectionTestRequestSchema,
  smtpSaveRequestSchema,
  smtpSettingsSchema,
  smtpTestAnswerSchema,
  smtpTestMailAnswerSchema,
  smtpTestMailRequestSchema,
} from '../../schemas/smtp';
import { route, type GroupRoutes } from '../define-route';

const CUSTOMER_SMTP = { permission: 'app.settings.application.email' } as const;
const SYSTEM_SMTP = { permission: 'app.settings.system.email' } as const;

/** The routes the `email` function serves. */
export const emailRoutes = {
  // SMTP settings (spec 3 §7 "SMTP"): the customer's own server (administrators) and the product's (super users, root).
  getCustomerSmtp: route('GET', '/api/v1/email', 'email', { ...CUSTOMER_SMTP, response: smtpSettingsSchema.nullable() }),
  saveCustomerSmtp: route('POST', '/api/v1/email', 'email', { ...CUSTOMER_SMTP, action: 'edit', body: smtpSaveRequestSchema, response: smtpSettingsSchema }),
  getSystemSmtp: route('GET', '/api/v1/system/email', 'email', { ...SYSTEM_SMTP, response: smtpSettingsSchema.nullable() }),
  saveSystemSmtp: route('POST', '/api/v1/system/email', 'email', { ...SYSTEM_SMTP, action: 'edit', body: smtpSaveRequestSchema, response: smtpSettingsSchema }),
  testSmtpConnection: route('POST', '/api/v1/email/test/smtp', 'email', { ...CUSTOMER_SMTP, body: smtpConnectionTestRequestSchema, response: smtpTestAnswerSchema }),
  sendSmtpTestMail: route('POST', '/api/v1/email/test', 'email', { ...CUSTOMER_SMTP, body: smtpTestMailRequestSchema, response: smtpTestMailAnswerSchema }),
} satisfies GroupRoutes<'email'>;
