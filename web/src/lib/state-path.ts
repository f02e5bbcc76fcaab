/**
 * The path of a navigation state named by the server (`redirect:app.settings.users`): states
 * are the permission keys' names, `app.` dropped and dots as slashes (spec 1 §2.3, §7).
 */
export const pathOfState = (state: string): string => `/${state.replace(/^app\./, '').split('.').filter(Boolean).join('/')}`;
