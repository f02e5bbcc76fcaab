import { readFileSync } from 'node:fs';
import { fromRoot } from '../lib/paths';
import type { Deployment } from './deploy';
import { startWebServer } from './web-server';

/** Serves web/dist against an emulator deployment that is already running: `serve.ts <name> [port]`. */
const [name = 'dev', port = '8080'] = process.argv.slice(2);
const deployment = JSON.parse(readFileSync(fromRoot('.local', name, 'deployment.json'), 'utf8')) as Deployment;
await startWebServer(deployment, Number(port));
console.log(`Serving web/dist on http://127.0.0.1:${port} against ${deployment.restBaseUrl}`);
