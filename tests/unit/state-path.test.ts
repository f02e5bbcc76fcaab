import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../web/src/routes/router';
import { NAVIGATION_STATES, pathOfState } from '../../web/src/lib/state-path';

/** The route a path opens in the app's own router, or null when only the catch-all (to /login) takes it. */
const routeOf = (path: string): string | null => {
  const [routes] = createAppRouter(new QueryClient()).getMatchedRoutes(path);
  const leaf = routes.at(-1)?.id;
  return leaf === undefined || leaf === '/$' || leaf === '__root__' ? null : leaf;
};

describe('the path of a state named in a redirect action', () => {
  it('drops app. and turns dots into slashes', () => {
    expect(pathOfState('app.dashboard')).toBe('/dashboard');
    expect(pathOfState('app.settings.locations_and_points')).toBe('/settings/locations_and_points');
    expect(pathOfState('login')).toBe('/login');
  });

  it('opens the alerts management, the report models and their list for the report editor', () => {
    expect(pathOfState('app.alerts.view')).toBe('/alerts');
    expect(pathOfState('app.reports')).toBe('/reports/models');
    expect(pathOfState('app.reports.models.edit')).toBe('/reports/models');
  });

  it.each(NAVIGATION_STATES)('leads %s to a route of the router', (state) => {
    expect(routeOf(pathOfState(state))).not.toBeNull();
  });
});
