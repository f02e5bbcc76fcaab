import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@shared/schemas/report';
import type { WidgetData } from '@shared/schemas/widget-data';
import { api, login } from '../support/api';
import { anotherPremiumCustomer } from '../support/customers';

/** Report models (spec 2 §2, §7): pages of dashboard widgets, owned objects, premium. */

let admin: string;
let member: string;
let basic: string;
const made: string[] = [];

const chart = { type: 'chart', title: 'Électricité du mois', points: [{ _id: 'pt-elec-index', calculation: 'diff', type: 'column', color: '#1c7ed6' }] };
const text = { type: 'text', title: 'Commentaire', text: '<p>Consommation du site</p>' };

const create = async (token: string, body: unknown) => {
  const answer = await api<Report>('POST', '/api/v1/reports', { token, body });
  if (answer.status === 200) made.push(answer.body.data!._id);
  return answer;
};

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  basic = (await login('basicAdministrator')).user.jwt;
});

afterAll(async () => {
  for (const id of made) await api('DELETE', `/api/v1/reports/${id}`, { token: admin });
});

describe('reports', () => {
  it("are added with a title ('data' with a name), one empty portrait page, then saved whole with their widgets", async () => {
    const created = await create(admin, { data: { name: 'Rapport mensuel' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const report = created.body.data!;
    expect(report).toMatchObject({ name: 'Rapport mensuel', orientation: 'portrait', user: 'usr-premium-admin', sharing: { shared: false }, content: { pages: [[]] } });
    expect(report._id).toMatch(/^rep-/);
    expect((await create(admin, { data: { name: ' ' } })).status).toBe(400);

    const saved = await api<Report>('PUT', '/api/v1/reports', { token: admin, body: { ...report, orientation: 'landscape', content: { pages: [[chart, text], [{ ...chart, title: 'Page 2' }]] } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const pages = saved.body.data!.content.pages;
    expect(pages.map((page) => page.map((widget) => widget.title))).toEqual([['Électricité du mois', 'Commentaire'], ['Page 2']]);
    expect(pages[0][0]).toMatchObject({ height: 320, width_percent: 75, page_index: 0, widget_index: 0 });
    expect(pages[1][0]).toMatchObject({ page_index: 1, widget_index: 0 });
    expect(pages.flat().every((widget) => /^wgt-/.test(widget._id))).toBe(true);

    // Saved again as read, the widgets keep their ids.
    const again = (await api<Report>('PUT', '/api/v1/reports', { token: admin, body: saved.body.data })).body.data!;
    expect(again.content.pages.flat().map((widget) => widget._id)).toEqual(pages.flat().map((widget) => widget._id));
    expect((await api<Report>('GET', `/api/v1/reports/${report._id}`, { token: admin })).body.data!.orientation).toBe('landscape');
    expect((await api<Report[]>('GET', '/api/v1/reports', { token: admin })).body.data!.map((item) => item._id)).toContain(report._id);
  });

  it('answer what a widget shows by page and place, from the same engine as dashboards, or which does not exist', async () => {
    const report = (await create(admin, { name: 'Widgets', content: { pages: [[chart]] } })).body.data!;
    const shown = await api<WidgetData>('GET', `/api/v1/reports/${report._id}/gws/0/0`, { token: admin });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const onDashboard = await api<WidgetData>('POST', '/api/v1/widgets/data', { token: admin, body: { widget: { ...report.content.pages[0][0], location: null } } });
    expect(shown.body.data!.frame?.series[0].values).toEqual(onDashboard.body.data!.frame?.series[0].values);
    expect(shown.body.data!.frame?.series[0].values.some((value) => typeof value === 'number')).toBe(true);
    expect(await api('GET', `/api/v1/reports/${report._id}/gws/3/0`, { token: admin })).toMatchObject({ status: 404, body: { msg: 'report_page_not_found' } });
    expect(await api('GET', `/api/v1/reports/${report._id}/gws/0/5`, { token: admin })).toMatchObject({ status: 404, body: { msg: 'report_widget_not_found' } });
    expect(await api('GET', '/api/v1/reports/rep-00000000-0000-4000-8000-000000000000', { token: admin })).toMatchObject({ status: 404, body: { msg: 'report_not_found' } });
  });

  it('are cloned as the caller\'s own, with new widget ids, and deleted', async () => {
    const report = (await create(admin, { name: 'Original', sharing: { shared: true }, content: { pages: [[chart], [text]] } })).body.data!;
    const clone = await api<Report>('PUT', `/api/v1/reports/clone/${report._id}`, { token: member, headers: { Language: 'fr' } });
    expect(clone.status, JSON.stringify(clone.body)).toBe(200);
    made.push(clone.body.data!._id);
    expect(clone.body.data).toMatchObject({ name: 'Original (copie)', user: 'usr-premium-member', sharing: { shared: false } });
    expect(clone.body.data!.content.pages.map((page) => page.map((widget) => widget.title))).toEqual([['Électricité du mois'], ['Commentaire']]);
    expect(clone.body.data!.content.pages.flat().map((widget) => widget._id)).not.toContain(report.content.pages[0][0]._id);

    const deleted = await api('DELETE', `/api/v1/reports/${clone.body.data!._id}`, { token: member });
    expect(deleted).toMatchObject({ status: 200, body: { data: { deleted: clone.body.data!._id } } });
    expect((await api('GET', `/api/v1/reports/${clone.body.data!._id}`, { token: member })).status).toBe(404);
  });

  it("stay their owner's unless shared, their customer's always, and need the premium licence", async () => {
    const report = (await create(admin, { name: 'Privé' })).body.data!;
    expect((await api('GET', `/api/v1/reports/${report._id}`, { token: member })).status).toBe(404);
    expect((await api('PUT', `/api/v1/reports/clone/${report._id}`, { token: member })).status).toBe(404);
    await api('PUT', '/api/v1/reports', { token: admin, body: { ...report, sharing: { shared: true } } });
    expect((await api('GET', `/api/v1/reports/${report._id}`, { token: member })).status).toBe(200);
    expect((await api('PUT', '/api/v1/reports', { token: member, body: { ...report, name: 'Changé' } })).status).toBe(403);
    expect((await api('DELETE', `/api/v1/reports/${report._id}`, { token: member })).status).toBe(403);

    const refused = await api('GET', '/api/v1/reports', { token: basic });
    expect([refused.status, refused.body.msg]).toEqual([403, 'premium_required']);
    // Another premium customer still cannot reach this customer's report.
    const { token: other } = await anotherPremiumCustomer();
    expect((await api('GET', `/api/v1/reports/${report._id}`, { token: other })).status).toBe(404);
    expect((await api('GET', `/api/v1/reports/${report._id}/gws/0/0`, { token: other })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/reports/${report._id}`, { token: other })).status).toBe(404);
  });
});
