import { createHttpHandler, withMessage } from '../middleware/http-handler';
import { getCustomerSmtp, getSystemSmtp, saveCustomerSmtp, saveSystemSmtp, sendSmtpTestMail, testSmtpConnection } from '../services/smtp-service';

export const handler = createHttpHandler('email', {
  getCustomerSmtp: ({ caller }) => getCustomerSmtp(caller),
  saveCustomerSmtp: async ({ caller, body }) => withMessage(await saveCustomerSmtp(caller, body.smtp), 'smtp_settings_saved'),
  getSystemSmtp: () => getSystemSmtp(),
  saveSystemSmtp: async ({ body }) => withMessage(await saveSystemSmtp(body.smtp), 'smtp_settings_saved'),
  testSmtpConnection: async ({ caller, body }) => withMessage(await testSmtpConnection(caller, body.smtp, body.scope), 'smtp_connection_successful'),
  sendSmtpTestMail: async ({ caller, body, headers }) => withMessage(await sendSmtpTestMail(caller, body.smtp, body.scope, body.to, headers.language), 'email_sent'),
});
