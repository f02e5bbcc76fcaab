import { fromRoot } from './paths';
import type { Node } from 'constructs';

/**
 * Where the app goes, read from CDK context only: `environment` is `aws` (default) or `emulator`;
 * `emulatorEndpoint` is the emulator's base URL; `demo` deploys the demo-data seeding function; `webDist` is the built web app.
 */
export interface DeploymentSettings {
  environment: 'aws' | 'emulator';
  emulatorEndpoint: string;
  stage: string;
  demo: boolean;
  /** The built web app uploaded on AWS. */
  webDist: string;
}

export const readSettings = (node: Node): DeploymentSettings => {
  const environment = node.tryGetContext('environment') === 'emulator' ? 'emulator' : 'aws';
  return {
    environment,
    emulatorEndpoint: String(node.tryGetContext('emulatorEndpoint') ?? 'http://127.0.0.1:4566'),
    stage: String(node.tryGetContext('stage') ?? 'prod'),
    demo: String(node.tryGetContext('demo') ?? 'false') === 'true',
    webDist: String(node.tryGetContext('webDist') ?? fromRoot('web/dist')),
  };
};
