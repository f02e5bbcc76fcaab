import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@shared/schemas/report';
import { awsEnvironment } from '../../infra/local/emulator';
import { api, login } from '../support/api';
import { jwtSecretArn } from '../support/aws';
import { testEnvironment } from '../support/environment';

/**
 * The print token of a report (spec 1 §2.1, the print route): what the PDF renderer's page carries
 * instead of a session. Made here by the functions' own code, with the deployed signing secret.
 */

let admin: string;
let report: Report;
let other: Report;
let issuePrintToken: typeof import('../../functions/src/services/token-service').issuePrintToken;

const picture = { type: 'image', title: 'Le site', image: { source: 'img-demo-site' } };
const chart = { type: 'chart', title: 'Électricité', points: [{ _id: 'pt-elec-index', calculation: 'diff', type: 'column', color: '#1c7ed6' }] };
const printTokenOf = (reportId: string, now?: Date) =>
  issuePrintToken({ userId: 'usr-premium-admin', customerId: testEnvironment().customers.premium, homeCustomerId: testEnvironment().customers.premium, role: 'administrator', reportId }, now);

beforeAll(async () => {
  Object.assign(process.env, awsEnvironment(testEnvironment().endpoint), { JWT_SECRET_ARN: await jwtSecretArn() });
  ({ issuePrintToken } = await import('../../functions/src/services/token-service'));
  admin = (await login('premiumAdministrator')).user.jwt;
  report = (await api<Report>('POST', '/api/v1/reports', { token: admin, body: { name: 'À imprimer', content: { pages: [[chart], [picture]] } } })).body.data!;
  other = (await api<Report>('POST', '/api/v1/reports', { token: admin, body: { name: 'Autre' } })).body.data!;
});

afterAll(async () => {
  for (const id of [report._id, other._id]) await api('DELETE', `/api/v1/reports/${id}`, { token: admin });
});

describe('a report print token', () => {
  it('reads its report and the widgets of its report, as the owner would', async () => {
    const token = await printTokenOf(report._id);
    expect(await api('GET', `/api/v1/reports/${report._id}`, { token })).toMatchObject({ status: 200, body: { data: { name: 'À imprimer' } } });
    const widget = await api<{ frame: unknown }>('GET', `/api/v1/reports/${report._id}/gws/0/0`, { token });
    expect(widget.status).toBe(200);
    expect(widget.body.data!.frame).not.toBeNull();
  });

  it("reads the images of its report's image widgets, each with an address that answers the picture", async () => {
    const token = await printTokenOf(report._id);
    const images = await api<{ _id: string; url: string }[]>('GET', `/api/v1/reports/${report._id}/images`, { token });
    expect(images.status).toBe(200);
    expect(images.body.data!.map((image) => image._id)).toEqual(['img-demo-site']);
    const picture = await fetch(images.body.data![0].url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await api('GET', `/api/v1/reports/${other._id}/images`, { token })).status).toBe(403);
  });

  it('reads nothing else: another report, the list, other routes, writes', async () => {
    const token = await printTokenOf(report._id);
    for (const [method, path] of [
      ['GET', `/api/v1/reports/${other._id}`],
      ['GET', `/api/v1/reports/${other._id}/gws/0/0`],
      ['GET', `/api/v1/exports/reports/${report._id}`],
      ['GET', '/api/v1/images'],
      ['GET', '/api/v1/reports'],
      ['DELETE', `/api/v1/reports/${report._id}`],
      ['PUT', `/api/v1/reports/clone/${report._id}`],
      ['GET', '/api/v1/points'],
      ['GET', '/api/v1/exports/data'],
    ] as const) {
      const answer = await api(method, path, { token });
      expect([path, answer.status, answer.body.msg]).toEqual([path, 403, 'not_allowed']);
    }
  });

  it('is refused once expired, and a session token never passes for one (nor the reverse)', async () => {
    const expired = await printTokenOf(report._id, new Date(Date.now() - 10 * 60_000));
    expect((await api('GET', `/api/v1/reports/${report._id}`, { token: expired })).status).toBe(401);
    // A session reads the report as always; a print token is not a session anywhere.
    expect((await api('GET', `/api/v1/reports/${report._id}`, { token: admin })).status).toBe(200);
    const token = await printTokenOf(report._id);
    expect((await api('GET', '/api/v1/users/set_last_notification_read', { token })).status).toBe(403);
  });
});
