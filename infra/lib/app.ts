import { App } from 'aws-cdk-lib';
import type { RouteDefinition } from '../../shared/src/api/routes';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { RealtimeStack } from './stacks/realtime-stack';
import { WebStack } from './stacks/web-stack';
import { readSettings } from './settings';

export interface AppOptions {
  /** The REST routes; the shared route table unless a test passes another. */
  routes?: readonly RouteDefinition[];
}

/** Builds the whole app; also used by the CDK unit tests. */
export const buildApp = (app: App = new App(), options: AppOptions = {}) => {
  const settings = readSettings(app.node);
  const data = new DataStack(app, 'WattWiseData');
  const realtime = new RealtimeStack(app, 'WattWiseRealtime', {
    settings,
    connections: data.connections,
    entities: data.entities,
    jwtSecret: data.jwtSecret,
  });
  const api = new ApiStack(app, 'WattWiseApi', {
    settings,
    entities: data.entities,
    series: data.series,
    jwtSecret: data.jwtSecret,
    weatherKey: data.weatherKey,
    documents: data.documents,
    uploads: data.uploads,
    secretsKey: data.secretsKey,
    allowPush: (fn) => realtime.allowPush(fn),
    routes: options.routes,
  });
  const web = new WebStack(app, 'WattWiseWeb', { settings, restApi: api.api });
  return { app, data, realtime, api, web };
};
