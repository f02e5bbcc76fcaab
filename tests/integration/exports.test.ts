import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Export, ExportView } from '@shared/schemas/export';
import type { VersionedNotificationSettings } from '@shared/schemas/system-settings';
import type { SeriesAnswer } from '@shared/schemas/series';
import { api, login } from '../support/api';
import { anotherPremiumCustomer } from '../support/customers';
import { awaitMailsTo } from '../support/mail';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp-server';

/**
 * Exports (spec 2 §3, §7, §9): a grid whose point_data cells read the one series engine, its
 * CSV and XLSX files, and its e-mail with the file attached.
 */

const ZONE = 'Europe/Paris';
const ELEC = 'pt-elec-index';

let admin: string;
let member: string;
let basic: string;
let smtp: SmtpTestServer;

/** Today: the tests' demo series cover yesterday and today (two days). */
const END = DateTime.now().setZone(ZONE).startOf('day');
const END_DATE = END.toFormat('yyyy-MM-dd');
const NAME = 'Index électricité TGBT';

const cell = (definition: Record<string, unknown>) => [definition];
const data = (offset: number, calculation = 'diff', sampling = 'day') => cell({ type: 'point_data', point_id: ELEC, calculation, sampling, offset });

/** Name, today, yesterday, their evolution in percent, and a sentence made of them. */
const GRID = [
  [cell({ type: 'point', point_id: ELEC, property: 'name' }), data(0), data(1), cell({ type: 'point_operations', value: '(B1 - C1) / C1 * 100' })],
  [cell({ type: 'point', point_id: ELEC, property: 'unit_object.s' }), cell({ type: 'text_format', value: 'Consommation : {} {}', arguments: [{ cell: 'B1' }, { cell: 'A2' }] }), cell({ type: 'empty' }), cell({ type: 'text', value: 'Fin' })],
];

const create = async (token: string, body: Record<string, unknown>) => api<Export>('POST', '/api/v1/exports/data', { token, body });
const view = (token: string, id: string, endDate = END_DATE, sampling = 'none') => api<ExportView>('GET', `/api/v1/exports/data/${id}/${endDate}/${sampling}`, { token });

/** What the series engine answers for one bucket of the index. */
const engineValue = async (token: string, calculation: string, sampling: string, start: DateTime, end: DateTime) => {
  const answer = await api<SeriesAnswer>('POST', '/api/v1/series/query', {
    token,
    body: { points: [{ point: ELEC, calculation }], sampling, period_type: 'dateToDate', start: start.toISO(), end: end.toISO() },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data!.series[0].values[0];
};

/** The attachment of a received e-mail, decoded. */
const attachmentOf = (raw: string): { name: string; bytes: Buffer } | null => {
  const match = /Content-Disposition: attachment;\s*filename="?([^"\r\n;]+)"?[\s\S]*?\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(raw);
  return match ? { name: match[1], bytes: Buffer.from(match[2].replace(/\s+/g, ''), 'base64') } : null;
};

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  member = (await login('premiumMember')).user.jwt;
  basic = (await login('basicAdministrator')).user.jwt;
  smtp = await startSmtpServer({ user: 'energie-plus', password: 'S3cret-export!' });
});

afterAll(async () => {
  await smtp.close();
});

describe('exports', () => {
  it('are created with the defaults of spec 2, listed, read with what their cells show, and deleted', async () => {
    const created = await create(admin, { name: `Relevé ${randomUUID().slice(0, 6)}`, email: { to: 'energie@energie-plus.example' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const saved = created.body.data!;
    expect(saved).toMatchObject({ user: 'usr-premium-admin', export_type: 'xlsx', export_method: 'email', data_type: 'custom_file', email: { to: ['energie@energie-plus.example'] }, sharing: { shared: false } });
    expect(saved._id).toMatch(/^exp-/);
    expect([saved.content.length, saved.content[0].length]).toEqual([7, 11]);
    expect((await api<Export[]>('GET', '/api/v1/exports/data', { token: admin })).body.data!.map((item) => item._id)).toContain(saved._id);
    const shown = await view(admin, saved._id, 'none', 'none');
    expect(shown.body.data!.data_array).toEqual(Array.from({ length: 7 }, () => Array(11).fill(null)));

    const deleted = await api('DELETE', `/api/v1/exports/data/${saved._id}`, { token: admin });
    expect(deleted).toMatchObject({ status: 200, body: { data: { res: true, deleted: saved._id } } });
    expect((await view(admin, saved._id)).status).toBe(404);
  });

  it('shows in point_data cells the values of the series engine, at the end date and sampling asked for', async () => {
    const saved = (await create(admin, { name: `Mensuel ${randomUUID().slice(0, 6)}`, content: GRID })).body.data!;
    const [first, second] = (await view(admin, saved._id)).body.data!.data_array;
    const today = await engineValue(admin, 'diff', 'day', END, END.plus({ days: 1 }));
    const yesterday = await engineValue(admin, 'diff', 'day', END.minus({ days: 1 }), END);
    expect(typeof yesterday).toBe('number');
    expect(first).toEqual([NAME, today, yesterday, today === null ? null : expect.closeTo(((today - yesterday!) / yesterday!) * 100, 9)]);
    expect(second).toEqual(['kWh', `Consommation : ${today === null ? '' : String(today).replace('.', ',')} kWh`, null, 'Fin']);

    // A custom sampling reads every point_data cell at it: the first hour of the end date, and the hour before.
    const hourly = (await view(admin, saved._id, END_DATE, 'hour')).body.data!.data_array[0];
    expect(hourly.slice(1, 3)).toEqual([await engineValue(admin, 'diff', 'hour', END, END.plus({ hours: 1 })), await engineValue(admin, 'diff', 'hour', END.minus({ hours: 1 }), END)]);
    expect(typeof hourly[2]).toBe('number');

    const single = await api<{ data: unknown[][] }>('PUT', `/api/v1/exports/data/cell/${END_DATE}/none`, { token: admin, body: data(1) });
    expect(single).toMatchObject({ status: 200, body: { data: { data: [[yesterday]] } } });
    await api('DELETE', `/api/v1/exports/data/${saved._id}`, { token: admin });
  });

  it('refuses a formula it cannot compute and a grid of unequal rows, writing nothing', async () => {
    const before = (await api<Export[]>('GET', '/api/v1/exports/data', { token: admin })).body.data!.length;
    const badFormula = await create(admin, { name: 'Formule', content: [[cell({ type: 'point_operations', value: 'A1 + Z9' })]] });
    expect(badFormula).toMatchObject({ status: 400, body: { msg: 'validation_failed' } });
    const ragged = await create(admin, { name: 'Bancal', content: [[cell({ type: 'empty' })], [cell({ type: 'empty' }), cell({ type: 'empty' })]] });
    expect(ragged.status).toBe(400);
    expect(await create(admin, { name: '', content: GRID }).then((answer) => answer.status)).toBe(400);
    expect((await api<Export[]>('GET', '/api/v1/exports/data', { token: admin })).body.data!.length).toBe(before);
  });

  it('makes a CSV (semicolons, BOM) and an XLSX (numbers and dates typed, numbers with their unit) of what the read view shows', async () => {
    const csvExport = (await create(admin, { name: 'Relevé CSV', export_type: 'csv', content: GRID })).body.data!;
    const link = await api<{ url: string; name: string }>('GET', `/api/v1/exports/data/${csvExport._id}/file/${END_DATE}/none`, { token: admin, headers: { Language: 'fr' } });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data!.name).toMatch(/^Releve_CSV_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = Buffer.from(await (await fetch(link.body.data!.url)).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const rows = parse(text, { delimiter: ';', bom: true, relax_column_count: true }) as string[][];
    const shown = (await view(admin, csvExport._id)).body.data!.data_array;
    const csvNumber = (value: unknown) => (value === null ? '' : String(value).replace('.', ','));
    expect(rows[0].slice(0, 3)).toEqual([NAME, csvNumber(shown[0][1]), csvNumber(shown[0][2])]);

    const dated = [[cell({ type: 'point', point_id: ELEC, property: 'last_data_date' }), data(1)]];
    const xlsxExport = (await create(admin, { name: 'Relevé XLSX', content: dated })).body.data!;
    const xlsxLink = (await api<{ url: string }>('GET', `/api/v1/exports/data/${xlsxExport._id}/file/${END_DATE}/none`, { token: admin })).body.data!;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await fetch(xlsxLink.url)).arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('A1').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('B1').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('B1').value).toBe((await view(admin, xlsxExport._id)).body.data!.data_array[0][1]);
    // The figure says its unit, the cell staying a number (issue 40 §4).
    expect(sheet.getCell('B1').numFmt).toBe('#,##0.0 "kWh"');
    for (const id of [csvExport._id, xlsxExport._id]) await api('DELETE', `/api/v1/exports/data/${id}`, { token: admin });
  });

  it('sends the file by e-mail to its list through SES, and says when no address is set', async () => {
    const to = `export-${randomUUID().slice(0, 8)}@energie-plus.example`;
    const saved = (await create(admin, { name: 'Relevé envoyé', email: { to }, content: GRID })).body.data!;
    const sent = await api<{ sent_to: string[] }>('POST', `/api/v1/exports/data/${saved._id}/email`, { token: admin, body: { end_date: END_DATE }, headers: { Language: 'fr' } });
    expect(sent).toMatchObject({ status: 200, body: { data: { sent_to: [to] } } });
    const [mail] = await awaitMailsTo(to);
    expect(mail.Subject).toBe('Export : Relevé envoyé');

    const empty = (await create(admin, { name: 'Sans destinataire', content: GRID })).body.data!;
    expect(await api('POST', `/api/v1/exports/data/${empty._id}/email`, { token: admin, body: {} })).toMatchObject({ status: 400, body: { msg: 'export_recipients_required' } });
    for (const id of [saved._id, empty._id]) await api('DELETE', `/api/v1/exports/data/${id}`, { token: admin });
  });

  it("sends the spreadsheet attached through the customer's own server when its settings are enabled", async () => {
    // A customer of the test's own: while its server is enabled every e-mail of that customer leaves
    // through it, and the files running at the same time read the demo customers' e-mails from SES.
    const { token: own } = await anotherPremiumCustomer();
    const to = `export-${randomUUID().slice(0, 8)}@customers.example`;
    const saved = (await create(own, { name: 'Relevé envoyé', email: { to }, content: [[cell({ type: 'text', value: NAME })]] })).body.data!;
    const smtpSettings = { host: smtp.host, port: smtp.port, security: 'none', user: smtp.user, password: smtp.password, from_address: 'exports@customers.example', from_name: 'Client', enabled: true };
    expect((await api('POST', '/api/v1/email', { token: own, body: { smtp: smtpSettings } })).status).toBe(200);
    expect((await api('POST', `/api/v1/exports/data/${saved._id}/email`, { token: own, body: { end_date: END_DATE }, headers: { Language: 'fr' } })).status).toBe(200);
    const received = smtp.received().find((message) => message.to.includes(to));
    expect(received?.subject).toBe('Export : Relevé envoyé');
    const attachment = attachmentOf(received!.raw);
    expect(attachment?.name).toMatch(/^Releve_envoye_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachment!.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getCell('A1').value).toBe(NAME);
  });

  it('refuses to send while the customer has report and export e-mails turned off, and sends nothing', async () => {
    // A customer of the test's own: the demo customers' settings are read by files running at the same time.
    const { token: own } = await anotherPremiumCustomer();
    const to = `export-${randomUUID().slice(0, 8)}@customers.example`;
    const saved = (await create(own, { name: 'Relevé coupé', email: { to }, content: [[cell({ type: 'text', value: NAME })]] })).body.data!;
    const settingsPath = '/api/v1/application/notifications-settings';
    const read = (await api<VersionedNotificationSettings>('GET', settingsPath, { token: own })).body.data!;
    const off = await api<VersionedNotificationSettings>('PUT', settingsPath, { token: own, body: { ...read, emails: { ...read.emails, reports: false } } });
    expect(off.status).toBe(200);
    expect(await api('POST', `/api/v1/exports/data/${saved._id}/email`, { token: own, body: { end_date: END_DATE } })).toMatchObject({ status: 409, body: { msg: 'export_emails_off' } });

    const on = await api('PUT', settingsPath, { token: own, body: { ...off.body.data!, emails: { ...off.body.data!.emails, reports: true } } });
    expect(on.status).toBe(200);
    expect((await api('POST', `/api/v1/exports/data/${saved._id}/email`, { token: own, body: { end_date: END_DATE } })).status).toBe(200);
    // The one e-mail is the send made once they were on again.
    expect(await awaitMailsTo(to)).toHaveLength(1);
  });

  it('keeps exports to their customer and owner, and refuses a customer without the premium licence', async () => {
    const saved = (await create(admin, { name: 'Privé', content: GRID })).body.data!;
    const refused = await api('GET', '/api/v1/exports/data', { token: basic });
    expect([refused.status, refused.body.msg]).toEqual([403, 'premium_required']);
    expect((await view(basic, saved._id)).status).toBe(403);

    // Another premium customer still cannot reach this customer's export.
    const { token: other } = await anotherPremiumCustomer();
    expect((await api<Export[]>('GET', '/api/v1/exports/data', { token: other })).body.data!.map((item) => item._id)).not.toContain(saved._id);
    expect((await view(other, saved._id)).status).toBe(404);
    expect((await api('GET', `/api/v1/exports/data/${saved._id}/file/none/none`, { token: other })).status).toBe(404);
    expect((await api('PUT', '/api/v1/exports/data', { token: other, body: { ...saved, name: 'Volé' } })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/exports/data/${saved._id}`, { token: other })).status).toBe(404);
    expect((await api<Export[]>('GET', '/api/v1/exports/data', { token: member })).body.data!.map((item) => item._id)).not.toContain(saved._id);
    expect((await view(member, saved._id)).status).toBe(404);
    await api('PUT', '/api/v1/exports/data', { token: admin, body: { ...saved, sharing: { shared: true } } });
    expect((await view(member, saved._id)).status).toBe(200);
    expect((await api('DELETE', `/api/v1/exports/data/${saved._id}`, { token: member })).status).toBe(403);
    await api('DELETE', `/api/v1/exports/data/${saved._id}`, { token: admin });
  });
});
