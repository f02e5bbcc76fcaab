import { beforeAll, describe, expect, it } from 'vitest';
import type { Tab } from '@shared/schemas/tab';
import type { Widget } from '@shared/schemas/widget';
import { DateTime } from 'luxon';
import { api, login } from '../support/api';
import { eventually } from '../support/eventually';

let owner: string;
let colleague: string;
let superUser: string;
let otherCustomer: string;

const createTab = async (token: string, body: Record<string, unknown>) => (await api<Tab>('POST', '/api/v1/tabs', { token, body: { data: body } })).body.data!;
const createWidget = (token: string, body: Record<string, unknown>) => api<Widget>('POST', '/api/v1/widgets', { token, body: { data: body } });
const tabIds = async (token: string, view?: string) =>
  (await api<Tab[]>('GET', '/api/v1/tabs', { token, headers: view ? { RequestView: view } : {} })).body.data!.map((tab) => tab._id);

beforeAll(async () => {
  owner = (await login('premiumAdministrator')).user.jwt;
  colleague = (await login('premiumMember')).user.jwt;
  superUser = (await login('super')).user.jwt;
  otherCustomer = (await login('basicAdministrator')).user.jwt;
});

describe('tabs', () => {
  it('are created by their owner, with server ids, and listed by request view', async () => {
    const privateTab = await createTab(owner, { name: 'Mon suivi', _id: 'tab-chosen-by-client' });
    const sharedTab = await createTab(owner, { name: 'Suivi partagé', sharing: { shared: true } });
    expect(privateTab._id).toMatch(/^tab-/);
    expect(privateTab._id).not.toBe('tab-chosen-by-client');
    expect(privateTab).toMatchObject({ user: 'usr-premium-admin', sharing: { shared: false }, parent: null });
    expect(await tabIds(owner)).toEqual(expect.arrayContaining([privateTab._id, sharedTab._id]));
    expect(await tabIds(owner, 'shared')).not.toContain(privateTab._id);
    const colleagueSees = await tabIds(colleague);
    expect(colleagueSees).toContain(sharedTab._id);
    expect(colleagueSees).not.toContain(privateTab._id);
    // A member asking for every tab is read with my_and_shared (spec 1 §5).
    expect(await tabIds(colleague, 'all')).not.toContain(privateTab._id);
  });

  it('may be renamed by the owner or a super user; another member is refused (403) a shared tab\'s renaming, and a private tab altogether (spec 1 §4.4)', async () => {
    const privateTab = await createTab(owner, { name: 'Privé' });
    const sharedTab = await createTab(owner, { name: 'Commun', sharing: { shared: true } });
    const rename = (token: string, tab: Tab, name: string) => api<Tab>('PUT', '/api/v1/tabs', { token, body: { ...tab, name } });
    expect((await rename(colleague, sharedTab, 'Pris')).body.msg).toBe('not_allowed');
    expect((await rename(colleague, sharedTab, 'Pris')).status).toBe(403);
    expect((await rename(colleague, privateTab, 'Pris')).status).toBe(403);
    const opened = await api('GET', `/api/v1/tabs/${privateTab._id}`, { token: colleague });
    expect([opened.status, opened.body.msg]).toEqual([403, 'not_allowed']);
    expect((await rename(owner, privateTab, 'Renommé')).body.data?.name).toBe('Renommé');
    expect((await rename(superUser, sharedTab, 'Par le super')).body.data?.name).toBe('Par le super');
    expect((await api<Tab>('GET', `/api/v1/tabs/${sharedTab._id}`, { token: colleague })).body.data?.name).toBe('Par le super');
  });

  it('are deleted with every widget on them', async () => {
    const tab = await createTab(owner, { name: 'À supprimer' });
    for (const title of ['Un', 'Deux', 'Trois']) expect((await createWidget(owner, { location: tab._id, title })).status).toBe(200);
    expect((await api<Widget[]>('GET', `/api/v1/widgets/${tab._id}`, { token: owner })).body.data).toHaveLength(3);
    expect((await api('DELETE', `/api/v1/tabs/${tab._id}`, { token: colleague })).status).toBe(403);
    const deleted = await api<{ widgets: number }>('DELETE', `/api/v1/tabs/${tab._id}`, { token: owner });
    expect(deleted.body.data?.widgets).toBe(3);
    expect((await api('GET', `/api/v1/tabs/${tab._id}`, { token: owner })).status).toBe(404);
    expect((await api('GET', `/api/v1/widgets/${tab._id}`, { token: owner })).status).toBe(404);
  });

  it('of another customer answer 404, whatever the call', async () => {
    const tab = await createTab(owner, { name: 'Chez nous', sharing: { shared: true } });
    expect((await api('GET', `/api/v1/tabs/${tab._id}`, { token: otherCustomer })).status).toBe(404);
    expect((await api('PUT', '/api/v1/tabs', { token: otherCustomer, body: { ...tab, name: 'Volé' } })).status).toBe(404);
    expect((await api('DELETE', `/api/v1/tabs/${tab._id}`, { token: otherCustomer })).status).toBe(404);
    expect((await api('GET', `/api/v1/widgets/${tab._id}`, { token: otherCustomer })).status).toBe(404);
    expect((await createWidget(otherCustomer, { location: tab._id })).status).toBe(404);
    expect(await tabIds(otherCustomer)).not.toContain(tab._id);
  });
});

describe('widgets', () => {
  it('take the spec\'s defaults and the dialog rules on save', async () => {
    const chart = (await createWidget(owner, { points: [{ _id: 'pt-elec-index', calculation: 'diff', type: 'column', color: '#1c7ed6' }] })).body.data!;
    expect(chart).toMatchObject({ type: 'chart', width: 500, height: 400, width_percent: 48.5, period: 'month', sampling: 'day', z_index: 1, location: null, user: 'usr-premium-admin' });
    const text = (await createWidget(owner, { type: 'text', text: '<p onclick="steal()">Bonjour<script>steal()</script></p>' })).body.data!;
    expect(text).toMatchObject({ height: 50, hidden_title_bar: true, text: '<p>Bonjour</p>' });
    const sliding = (await createWidget(owner, { period_type: 'slidingPeriod', period: 'all', sampling: 'minute' })).body.data!;
    expect(sliding).toMatchObject({ period: 'year', sampling: 'day' });
    expect((await createWidget(owner, { type: 'pie', width: -3 })).status).toBe(400);
  });

  it('refuse points the caller cannot see, and another customer\'s points', async () => {
    expect((await createWidget(otherCustomer, { points: [{ _id: 'pt-elec-index' }] })).status).toBe(404);
  });

  it('may be added to a shared tab by any member, to a private one by its owner only', async () => {
    const shared = await createTab(owner, { name: 'Ouvert', sharing: { shared: true } });
    const closed = await createTab(owner, { name: 'Fermé' });
    expect((await createWidget(colleague, { location: shared._id, title: 'Ajout' })).status).toBe(200);
    expect((await createWidget(colleague, { location: closed._id, title: 'Intrus' })).status).toBe(403);
    const onShared = (await api<Widget[]>('GET', `/api/v1/widgets/${shared._id}`, { token: owner })).body.data!;
    expect(onShared.map((widget) => widget.title)).toEqual(['Ajout']);
  });

  it('are changed and deleted by their owner or a super user only', async () => {
    const mine = (await createWidget(owner, { title: 'À moi', sharing: { shared: true } })).body.data!;
    const change = (token: string, title: string) => api<Widget>('PUT', '/api/v1/widgets', { token, body: { ...mine, title } });
    expect((await change(colleague, 'Pris')).status).toBe(403);
    expect((await change(owner, 'Toujours à moi')).body.data).toMatchObject({ title: 'Toujours à moi', user: 'usr-premium-admin' });
    expect((await change(superUser, 'Vu par le super')).status).toBe(200);
    expect((await api('DELETE', `/api/v1/widgets/${mine._id}`, { token: colleague })).status).toBe(403);
    expect((await api('DELETE', `/api/v1/widgets/${mine._id}`, { token: owner })).status).toBe(200);
    expect((await api('DELETE', `/api/v1/widgets/${mine._id}`, { token: owner })).status).toBe(404);
  });

  it('of the dashboard are listed by request view', async () => {
    const privateWidget = (await createWidget(owner, { title: 'Privé' })).body.data!;
    const sharedWidget = (await createWidget(owner, { title: 'Partagé', sharing: { shared: true } })).body.data!;
    const ids = async (token: string, view: string) =>
      (await api<Widget[]>('GET', '/api/v1/widgets', { token, headers: { RequestView: view } })).body.data!.map((widget) => widget._id);
    expect(await ids(owner, 'my')).toEqual(expect.arrayContaining([privateWidget._id, sharedWidget._id]));
    expect(await ids(colleague, 'my_and_shared')).toContain(sharedWidget._id);
    expect(await ids(colleague, 'my_and_shared')).not.toContain(privateWidget._id);
    expect(await ids(colleague, 'my')).not.toContain(sharedWidget._id);
  });

  it('of a location page need a location the caller may open', async () => {
    expect((await createWidget(owner, { location: 'loc-lyon-a', title: 'Site A' })).status).toBe(200);
    expect((await api<Widget[]>('GET', '/api/v1/widgets/loc-lyon-a', { token: owner })).body.data!.map((widget) => widget.title)).toContain('Site A');
    expect((await api('GET', '/api/v1/widgets/loc-archive', { token: owner })).status).toBe(404);
    expect((await api('GET', '/api/v1/widgets/loc-lyon-b', { token: colleague })).status).toBe(404);
    expect((await api('GET', '/api/v1/widgets/loc-lyon-a', { token: otherCustomer })).status).toBe(404);
  });
});

describe('widgets moved and edited at the same time', () => {
  const widgetsOf = async (page: string) => (await api<Widget[]>('GET', `/api/v1/widgets/${page}`, { token: owner })).body.data!;

  it('keeps every move of 20 writers reordering a tab, and every settings save made meanwhile from an earlier read', async () => {
    const tab = await createTab(owner, { name: 'Réordonné à plusieurs' });
    const created = await Promise.all(Array.from({ length: 20 }, (_, index) => createWidget(owner, { location: tab._id, title: `Widget ${index}`, position: index })));
    const widgets = created.map((answer) => answer.body.data!);
    const answers = await Promise.all([
      ...widgets.map((widget, index) => api<Widget>('PUT', `/api/v1/widgets/${widget._id}/layout`, { token: owner, body: { position: 19 - index } })),
      // Each dialog was opened before the moves: it sends the old position back with its new title.
      ...widgets.map((widget, index) => api<Widget>('PUT', '/api/v1/widgets', { token: owner, body: { ...widget, title: `Renommé ${index}` } })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const stored = new Map((await widgetsOf(tab._id)).map((widget) => [widget._id, widget]));
    expect(widgets.map((widget, index) => [stored.get(widget._id)?.position, stored.get(widget._id)?.title])).toEqual(widgets.map((_, index) => [19 - index, `Renommé ${index}`]));
  });

  it('keeps the change of each of 20 writers on one widget: moves, resizes and settings saves', async () => {
    const tab = await createTab(owner, { name: 'Un widget, vingt mains' });
    const widget = (await createWidget(owner, { location: tab._id, title: 'Partagé entre vingt', position: 0, height: 400, width_percent: 48.5 })).body.data!;
    const writers = [
      ...Array.from({ length: 6 }, (_, index) => ({ position: index + 1 })),
      ...Array.from({ length: 6 }, (_, index) => ({ height: 300 + index })),
      ...Array.from({ length: 6 }, (_, index) => ({ width_percent: 30 + index })),
    ].map((layout) => api<Widget>('PUT', `/api/v1/widgets/${widget._id}/layout`, { token: owner, body: layout }));
    // Two dialogs opened on the widget as created, each saving one setting with the settings it opened with.
    const saves = [
      api<Widget>('PUT', '/api/v1/widgets', { token: owner, body: { ...widget, title: 'Titre changé', base: widget } }),
      api<Widget>('PUT', '/api/v1/widgets', { token: owner, body: { ...widget, hide_legend: true, base: widget } }),
    ];
    const answers = await Promise.all([...writers, ...saves]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const stored = (await widgetsOf(tab._id)).find((candidate) => candidate._id === widget._id)!;
    // Each attribute holds one of the values written to it: none is put back as it was read.
    expect([1, 2, 3, 4, 5, 6]).toContain(stored.position);
    expect([300, 301, 302, 303, 304, 305]).toContain(stored.height);
    expect([30, 31, 32, 33, 34, 35]).toContain(stored.width_percent);
    expect(stored).toMatchObject({ title: 'Titre changé', hide_legend: true });
  });

  it('writes only what a dialog changed from the settings it opened with, whatever was saved meanwhile', async () => {
    const tab = await createTab(owner, { name: 'Deux dialogues' });
    const widget = (await createWidget(owner, { location: tab._id, title: 'Ouvert deux fois', color: '#1c7ed6' })).body.data!;
    const save = (body: Record<string, unknown>) => api<Widget>('PUT', '/api/v1/widgets', { token: owner, body });
    // The first dialog saves its colour; the second, opened before that save, its title.
    expect((await save({ ...widget, color: '#e03131', base: widget })).status).toBe(200);
    expect((await save({ ...widget, title: 'Renommé après', base: widget })).body.data).toMatchObject({ color: '#e03131', title: 'Renommé après' });
    // Without the base (a plain API client), the settings sent are the settings: the colour goes back.
    expect((await save({ ...widget, title: 'Sans base' })).body.data).toMatchObject({ color: '#1c7ed6', title: 'Sans base' });
    const stored = (await widgetsOf(tab._id)).find((candidate) => candidate._id === widget._id)!;
    expect(stored).toMatchObject({ color: '#1c7ed6', title: 'Sans base' });
    // A base that is not a widget's settings is refused, and nothing is written.
    expect((await save({ ...widget, title: 'Refusé', base: { type: 'camembert' } })).status).toBe(400);
    expect((await widgetsOf(tab._id)).find((candidate) => candidate._id === widget._id)?.title).toBe('Sans base');
  });

  it('refuses a layout change that names nothing, or anything but the layout, and another customer\'s widget', async () => {
    const widget = (await createWidget(owner, { title: 'Mise en page' })).body.data!;
    const layout = (token: string, body: unknown) => api('PUT', `/api/v1/widgets/${widget._id}/layout`, { token, body });
    expect((await layout(owner, {})).status).toBe(400);
    expect((await layout(owner, { position: 2, title: 'Autre' })).status).toBe(400);
    expect((await layout(owner, { height: -5 })).status).toBe(400);
    expect((await layout(otherCustomer, { position: 2 })).status).toBe(404);
    expect((await layout(owner, { position: 2 })).body.data).toMatchObject({ _id: widget._id, position: 2, title: 'Mise en page' });
  });
});

describe('widget data', () => {
  const data = (widget: Record<string, unknown>, token = owner) =>
    api<{ frame: unknown; compared: unknown; trend: { current: number | null; previous: number | null } | null; tokens: Record<string, unknown> | null; ipmvp: Record<string, unknown> | null }>(
      'POST',
      '/api/v1/widgets/data',
      { token, body: { widget } },
    );
  const query = (body: Record<string, unknown>) => api<{ series: { values: unknown[] }[] }>('POST', '/api/v1/series/query', { token: owner, body });
  const elec = { _id: 'pt-elec-index', calculation: 'diff', type: 'column', color: '#1c7ed6' };

  it('gives a chart the series engine\'s own answer, and the previous period beside it in the same call', async () => {
    const answer = await data({ type: 'chart', period_type: 'fixedPeriod', period: 'week', sampling: 'day', compare_periods: true, points: [elec] });
    expect(answer.status).toBe(200);
    const same = { points: [{ point: 'pt-elec-index', calculation: 'diff', unit_conversion: null }], period_type: 'fixedPeriod', period: 'week', sampling: 'day' };
    expect(answer.body.data?.frame).toEqual((await query({ ...same, offset: 0 })).body.data);
    expect(answer.body.data?.compared).toEqual((await query({ ...same, offset: 1 })).body.data);
    expect((answer.body.data?.frame as { series: { values: (number | null)[] }[] }).series[0].values.some((value) => value !== null)).toBe(true);
  });

  it('gives a trend this period and the previous one', async () => {
    const answer = await data({ type: 'trend', period: 'day', points: [elec] });
    const today = (await query({ points: [{ point: 'pt-elec-index', calculation: 'diff' }], period_type: 'fixedPeriod', period: 'day', sampling: 'day', offset: 0 })).body.data!;
    expect(answer.body.data?.trend?.current).toBe(today.series[0].values.at(-1));
    expect(answer.body.data?.trend).toHaveProperty('previous');
  });

  it('compares a trend\'s day under way with the day before up to the same moment, and a day over with the whole day before', async () => {
    const zone = 'Europe/Paris';
    const point = (
      await api<{ _id: string }>('POST', '/api/v1/points', {
        token: owner,
        body: { name: `Compteur tendance ${Date.now()}`, technical_id: `TREND-${Date.now()}`, resource: 'water', series_type: 'counter', unit: 'm³', location: ['loc-lyon-a'] },
      })
    ).body.data!._id;
    // One m³ every ten minutes yesterday, 5 m³ at midnight today.
    const today = DateTime.now().setZone(zone).startOf('day');
    const yesterday = today.minus({ days: 1 });
    const slots: DateTime[] = [];
    for (let at = yesterday; at < today; at = at.plus({ minutes: 10 })) slots.push(at);
    const written = [...slots.map((at) => ({ point, date: at.toISO(), value: 1 })), { point, date: today.toISO(), value: 5 }];
    expect((await api('POST', '/api/v1/data', { token: owner, body: { data: written } })).status).toBe(200);
    const trendOf = (offset: number) =>
      api<{ trend: { current: number | null; previous: number | null; previous_from: string; previous_to: string | null } }>('POST', '/api/v1/widgets/data', {
        token: owner,
        body: { widget: { type: 'trend', period: 'day', offset, points: [{ _id: point, calculation: 'sum', type: 'column', color: '#1c7ed6' }] } },
      });
    // The rollups are written after the values: wait for yesterday's whole day.
    const over = await eventually(() => trendOf(1), (answer) => answer.body.data?.trend.current === slots.length);
    expect(over.body.data?.trend).toMatchObject({ current: slots.length, previous: null, previous_to: null });

    // As many of yesterday's values as were written before this moment of the day.
    const valuesBefore = (moment: DateTime) => {
      const sameMoment = yesterday.plus(moment.setZone(zone).diff(today, ['days', 'hours', 'minutes', 'seconds', 'milliseconds']));
      return slots.filter((at) => at < sameMoment).length;
    };
    const before = valuesBefore(DateTime.now());
    const underWay = await eventually(() => trendOf(0), (answer) => answer.body.data?.trend.current === 5);
    const after = valuesBefore(DateTime.now());
    const { trend } = underWay.body.data!;
    expect([before, after]).toContain(trend.previous);
    // Not the whole of yesterday, unless it is the day's last ten minutes.
    if (after < slots.length) expect(trend.previous).toBeLessThan(slots.length);
    expect(trend.previous_from).toBe(yesterday.toISO({ suppressMilliseconds: true }));
    expect(DateTime.fromISO(trend.previous_to!).toMillis()).toBeGreaterThan(yesterday.toMillis());
    expect(DateTime.fromISO(trend.previous_to!).toMillis()).toBeLessThanOrEqual(today.toMillis());
  });

  it('resolves a text widget\'s value tokens, and says which failed', async () => {
    const text = '<p><span data-token="value" data-point="pt-elec-index" data-calculation="diff" data-period="day" data-offset="0" data-show-unit="true"></span> <span data-token="value" data-point="pt-nowhere" data-calculation="sum" data-period="day" data-offset="0"></span></p>';
    const answer = await data({ type: 'text', text });
    const today = (await query({ points: [{ point: 'pt-elec-index', calculation: 'diff' }], period_type: 'fixedPeriod', period: 'day', sampling: 'day', offset: 0 })).body.data!;
    expect(answer.body.data?.tokens).toEqual({ 'pt-elec-index|diff|day|0': { value: today.series[0].values.at(-1), unit: 'kWh' }, 'pt-nowhere|sum|day|0': { error: true } });
  });

  it('refuses another customer\'s point', async () => {
    expect((await data({ type: 'chart', points: [elec] }, otherCustomer)).status).toBe(404);
  });

  it('gives a page\'s widgets with their data in one call, as the list and each widget\'s own call give them', async () => {
    const pageData = (page: string | null, token = owner, headers: Record<string, string> = {}) =>
      api<(Widget & { data: unknown })[]>('POST', '/api/v1/widgets/page-data', { token, body: { page }, headers });
    const tab = await createTab(owner, { name: 'Premier écran', sharing: { shared: true } });
    const chart = (await createWidget(owner, { location: tab._id, type: 'chart', period: 'week', sampling: 'day', points: [elec] })).body.data!;
    const image = (await createWidget(owner, { location: tab._id, type: 'image' })).body.data!;
    const answer = await pageData(tab._id);
    expect(answer.status).toBe(200);
    const list = (await api<Widget[]>('GET', `/api/v1/widgets/${tab._id}`, { token: owner })).body.data!;
    expect(answer.body.data!.map(({ data: _data, ...widget }) => widget)).toEqual(list);
    const byId = new Map(answer.body.data!.map((widget) => [widget._id, widget.data]));
    expect(byId.get(chart._id)).toEqual((await data(chart)).body.data);
    expect(byId.get(image._id)).toBeNull();

    // The dashboard (no page) is listed by request view, like its list.
    const mine = (await createWidget(owner, { title: 'Le mien seulement', points: [elec] })).body.data!;
    const dashboard = async (token: string, view?: string) =>
      (await pageData(null, token, view ? { RequestView: view } : {})).body.data!.map((widget) => widget._id);
    expect(await dashboard(owner)).toContain(mine._id);
    expect(await dashboard(colleague)).not.toContain(mine._id);
    expect(await dashboard(owner, 'shared')).not.toContain(mine._id);

    expect((await pageData(tab._id, otherCustomer)).status).toBe(404);
    expect((await pageData('tab-unknown')).status).toBe(404);
    expect((await api('POST', '/api/v1/widgets/page-data', { token: owner, body: { page: 42 } })).status).toBe(400);
  });
});

describe('the demo dashboard', () => {
  it('gives the premium administrator two tabs and one widget of every type', async () => {
    const tabs = (await api<Tab[]>('GET', '/api/v1/tabs', { token: owner })).body.data!;
    expect(tabs.map((tab) => tab._id)).toEqual(expect.arrayContaining(['tab-demo-electricite', 'tab-demo-grenoble']));
    const pages = [null, 'tab-demo-electricite', 'tab-demo-grenoble', 'loc-lyon-a'];
    const widgets = (await Promise.all(pages.map((page) => api<Widget[]>('GET', page ? `/api/v1/widgets/${page}` : '/api/v1/widgets', { token: owner })))).flatMap(
      (answer) => answer.body.data!,
    );
    expect(new Set(widgets.map((widget) => widget.type))).toEqual(new Set(['chart', 'trend', 'pie', 'text', 'table', 'IPMVP', 'image']));
    expect((await api('GET', '/api/v1/images/img-demo-site', { token: owner })).status).toBe(200);
    const ipmvp = await api<{ ipmvp: { baseline: number; target: number } }>('POST', '/api/v1/widgets/data', {
      token: owner,
      body: { widget: widgets.find((widget) => widget.type === 'IPMVP') },
    });
    expect(ipmvp.body.data?.ipmvp).toMatchObject({ baseline: 32_000, target: 28_000 });
  });
});
