import type { SystemConfigSettings } from '@shared/schemas/system-settings';
import { getAdministratorsEmailSettings, updateAdministratorsEmailSettings } from '../data/system-repository';
import { listSuperUsers } from '../data/user-repository';

export const getSystemConfigSettings = (): Promise<SystemConfigSettings> => getAdministratorsEmailSettings();

export const updateSystemConfigSettings = async (settings: SystemConfigSettings): Promise<SystemConfigSettings> => {
  const unique = [...new Map(settings.administrators_email.map((entry) => [entry.email, entry])).values()];
  await updateAdministratorsEmailSettings({ ...settings, administrators_email: unique });
  return getAdministratorsEmailSettings();
};

/**
 * Who receives the product's administrative e-mails (a registration waiting for acceptance, a
 * licence about to expire, a customer deletion finished): the addresses of the system
 * configuration, and the super users' own addresses (root included) unless
 * only_custom_administrators_email is set. With no address configured the super users receive
 * them anyway: such an e-mail is never sent to nobody.
 */
export const administratorRecipients = async (): Promise<string[]> => {
  const settings = await getAdministratorsEmailSettings();
  const custom = settings.administrators_email.map((entry) => entry.email);
  const superUsers = custom.length > 0 && settings.only_custom_administrators_email ? [] : (await listSuperUsers()).map((user) => user.email);
  return [...new Set([...custom, ...superUsers].map((address) => address.toLowerCase()))];
};
