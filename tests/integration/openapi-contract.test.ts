import { randomUUID } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, type ApiAnswer } from '../support/api';

/**
 * The deployed API answers what its OpenAPI document says: real answers of a sample of routes,
 * read with the document the API itself serves, validate against the schema of that operation's
 * answer (a success, or a failure with one of the codes the document lists for the route).
 */
const DOCUMENT_ID = 'https://wattwise.example/openapi.json';
const ELEC = 'pt-elec-index';
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

let ajv: Ajv2020;
let admin: string;
const made: Record<'tab' | 'widget' | 'alert' | 'export' | 'report', string> = { tab: '', widget: '', alert: '', export: '', report: '' };

const pointer = (...segments: (string | number)[]) => segments.map((segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

type Document = { paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>> };
let document: Document;

/** The validator of one answer of an operation: its success, or its failure response of that status. */
const validatorOf = (method: string, templatePath: string, status: number): ValidateFunction => {
  const response = document.paths[templatePath]?.[method.toLowerCase()]?.responses[status];
  expect(response, `${method} ${templatePath} answers ${status}, which its document does not list`).toBeDefined();
  const at = response!.$ref ?? `#/${pointer('paths', templatePath, method.toLowerCase(), 'responses', status)}`;
  return ajv.compile({ $ref: `${DOCUMENT_ID}${at}/${pointer('content', 'application/json', 'schema')}` });
};

const expectConforming = (method: string, templatePath: string, answer: ApiAnswer) => {
  const validate = validatorOf(method, templatePath, answer.status);
  expect(validate(answer.body), `${method} ${templatePath} ${answer.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
};

/** Calls a route (its template path filled with `values`) and checks its answer against the document. */
const call = async (method: string, templatePath: string, options: { values?: Record<string, string>; body?: unknown; token?: string } = {}) => {
  const path = templatePath.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.values?.[name] ?? ''));
  const answer = await api<{ _id: string }>(method, path, { token: options.token ?? admin, body: options.body });
  expectConforming(method, templatePath, answer);
  return answer;
};

beforeAll(async () => {
  const served = await api<Record<string, unknown>>('GET', '/api/v1/openapi.json');
  expect(served.status).toBe(200);
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  document = served.body as unknown as Document;
  ajv.addSchema({ ...served.body, $id: DOCUMENT_ID });
  admin = (await login('premiumAdministrator')).user.jwt;

  made.tab = (await call('POST', '/api/v1/tabs', { body: { data: { name: unique('Contrat') } } })).body.data!._id;
  made.widget = (await call('POST', '/api/v1/widgets', { body: { data: { location: made.tab, points: [{ _id: ELEC, calculation: 'diff', type: 'column', color: '#1c7ed6' }] } } })).body.data!._id;
  made.alert = (
    await call('POST', '/api/v1/alerts', {
      body: {
        alert: {
          name: unique('Contrat'),
          points: [{ point: ELEC }],
          sampling: 'hour',
          cron_time: '0 0 1 1 *',
          conditions: [[{ from_calculation: 'avg', operation: 'gt', to_value: 40 }]],
          email: { to: ['exploitation@energie-plus.example'], cc: [], bcc: [] },
        },
      },
    })
  ).body.data!._id;
  made.export = (await call('POST', '/api/v1/exports/data', { body: { name: unique('Contrat'), content: [[[{ type: 'point', point_id: ELEC, property: 'name' }]]] } })).body.data!._id;
  made.report = (await call('POST', '/api/v1/reports', { body: { name: unique('Contrat') } })).body.data!._id;
  for (const [kind, id] of Object.entries(made)) expect(id, kind).toBeTruthy();
});

describe('the OpenAPI document against the deployed API', () => {
  it('describes the answer of signing in', async () => {
    const { email, password } = (await import('../support/environment')).testEnvironment().accounts.premiumMember;
    await call('POST', '/api/v1/users/authenticate', { body: { user: { email, password } }, token: '' });
  });

  it.each([
    '/api/v1/points',
    '/api/v1/points/get-all-with-locations-name',
    '/api/v1/points/definitions',
    '/api/v2/locations',
    '/api/v1/locations/points/alone',
    '/api/v1/tabs',
    '/api/v1/widgets',
    '/api/v1/alerts',
    '/api/v1/alerts/log-summary',
    '/api/v1/reminders',
    '/api/v1/exports/data',
    '/api/v1/reports',
    '/api/v1/subscriptions',
    '/api/v1/users',
    '/api/v1/notifications/unread',
    '/api/v1/images',
    '/api/v1/sources',
    '/api/v1/ftp',
    '/api/v1/customers/information',
    '/api/v1/customers/timezone',
    '/api/v1/application/acl',
    '/api/v1/system/customizations',
  ])('describes the answer of GET %s', async (path) => {
    expect((await call('GET', path)).status).toBe(200);
  });

  it('describes the answers about the objects just made', async () => {
    expect((await call('GET', '/api/v1/tabs/{id}', { values: { id: made.tab } })).status).toBe(200);
    expect((await call('GET', '/api/v1/widgets/{id}', { values: { id: made.tab } })).status).toBe(200);
    expect((await call('GET', '/api/v1/alerts/{id}', { values: { id: made.alert } })).status).toBe(200);
    expect((await call('GET', '/api/v1/reports/{id}', { values: { id: made.report } })).status).toBe(200);
    expect((await call('GET', '/api/v1/exports/data/{id}/{endDate}/{sampling}', { values: { id: made.export, endDate: 'none', sampling: 'none' } })).status).toBe(200);
    expect((await call('GET', '/api/v1/notifications/{skip}/{limit}', { values: { skip: '0', limit: '20' } })).status).toBe(200);
  });

  it('describes the answer of a series query', async () => {
    const answer = await call('POST', '/api/v1/series/query', { body: { points: [{ point: ELEC, calculation: 'diff' }], sampling: 'day', period: 'month' } });
    expect(answer.status).toBe(200);
  });

  it('describes the answer of points asked for by id', async () => {
    const answer = await call('POST', '/api/v1/points/by-ids', { body: { ids: [ELEC, 'pt-unknown'] } });
    expect((answer.body as { data?: { _id: string }[] }).data?.map((point) => point._id)).toEqual([ELEC]);
  });

  it('describes failures with the codes the route can answer', async () => {
    expect((await call('GET', '/api/v1/alerts/{id}', { values: { id: 'alt-unknown' } })).status).toBe(404);
    expect((await call('POST', '/api/v1/series/query', { body: { points: 'all' } })).status).toBe(400);
    expect((await call('GET', '/api/v1/customers', { token: (await login('premiumMember')).user.jwt })).status).toBe(403);
  });
});
