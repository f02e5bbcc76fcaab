import { config } from '../config';
import { parameterValue } from './parameters';

/**
 * The web app's public address (an origin, no trailing slash): the deployment's `appUrl` when it
 * was given (APP_URL), else what the web stack wrote in its parameter (the distribution's address),
 * read once per container; null when neither is known (links are then paths).
 */
export const appUrl = async (): Promise<string | null> => {
  if (config.APP_URL) return new URL(config.APP_URL).origin;
  if (!config.APP_URL_PARAMETER) return null;
  const value = await parameterValue(config.APP_URL_PARAMETER);
  return value ? new URL(value).origin : null;
};

/** The app's address where nothing works without it (the print page that Chromium opens). */
export const requireAppUrl = async (): Promise<string> => {
  const url = await appUrl();
  if (!url) throw new Error('Missing setting APP_URL (neither the appUrl context nor the web stack\'s parameter gives it)');
  return url;
};
