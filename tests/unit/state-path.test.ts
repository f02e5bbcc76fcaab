import { describe, expect, it } from 'vitest';
import { pathOfState } from '../../web/src/lib/state-path';

describe('the path of a state named in a redirect action', () => {
  it('drops app. and turns dots into slashes', () => {
    expect(pathOfState('app.dashboard')).toBe('/dashboard');
    expect(pathOfState('app.settings.locations_and_points')).toBe('/settings/locations_and_points');
    expect(pathOfState('login')).toBe('/login');
  });
});
