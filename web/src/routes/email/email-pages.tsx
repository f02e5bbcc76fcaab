import { useSuspenseQuery } from '@tanstack/react-query';
import { smtpSettingsQueryOptions } from '../../features/email/api/smtp-settings';
import { SmtpSettingsForm } from '../../features/email/components/smtp-settings-form';

/** /settings/application/email: the current customer's own SMTP server. */
export const ApplicationEmailPage = () => {
  const settings = useSuspenseQuery(smtpSettingsQueryOptions('customer')).data;
  return <SmtpSettingsForm key={settings?.updated_at ?? 'none'} scope="customer" settings={settings} />;
};

/** /settings/system/email: the product's own SMTP server. */
export const SystemEmailPage = () => {
  const settings = useSuspenseQuery(smtpSettingsQueryOptions('system')).data;
  return <SmtpSettingsForm key={settings?.updated_at ?? 'none'} scope="system" settings={settings} />;
};
