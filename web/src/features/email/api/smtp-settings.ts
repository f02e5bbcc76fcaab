import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { SmtpScope, SmtpSettingsInput } from '@shared/schemas/smtp';
import { callApi } from '../../../lib/http';

export const SMTP_KEYS = { of: (scope: SmtpScope) => ['smtp-settings', scope] as const };

/** The stored settings of the current customer or of the product (null when none were saved). */
export const smtpSettingsQueryOptions = (scope: SmtpScope) =>
  queryOptions({
    queryKey: SMTP_KEYS.of(scope),
    queryFn: () => (scope === 'system' ? callApi(API.getSystemSmtp, {}) : callApi(API.getCustomerSmtp, {})),
  });

export const saveSmtpSettings = (scope: SmtpScope, smtp: SmtpSettingsInput) =>
  scope === 'system' ? callApi(API.saveSystemSmtp, { body: { smtp } }) : callApi(API.saveCustomerSmtp, { body: { smtp } });

/** Connects and logs in with the settings of the form; an empty password uses the stored one. */
export const testSmtpConnection = (scope: SmtpScope, smtp: SmtpSettingsInput) => callApi(API.testSmtpConnection, { body: { smtp, scope }, timeoutMs: 30_000 });

export const sendSmtpTestMail = (scope: SmtpScope, smtp: SmtpSettingsInput, to: string) =>
  callApi(API.sendSmtpTestMail, { body: { smtp, scope, to }, timeoutMs: 30_000 });
