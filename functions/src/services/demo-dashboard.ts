import type { Tab } from '@shared/schemas/tab';
import type * as z from 'zod';
import { widgetInputSchema, type Widget } from '@shared/schemas/widget';
import { tokenSpan } from '@shared/widgets/text-tokens';
import { applyWidgetRules, madeText } from '@shared/widgets/dialog-rules';

/**
 * The premium administrator's demo dashboard (so a newcomer sees the product at once): the
 * overview with one widget of each kind — a compared month, a trend, a pie, a text with live
 * values, a table, an IPMVP objective, the site's picture and a month of temperatures; a shared
 * "Électricité" tab with the index superimposed by year, a table and an IPMVP; a "Grenoble" tab
 * with temperatures and the site's picture;
 * and widgets on the page of building A. Fixed ids: seeding again restores the same set.
 */
const OWNER = 'usr-premium-admin';
export const DEMO_IMAGE_ID = 'img-demo-site';
const CREATED = '2026-01-01T00:00:00.000Z';

const elec = { _id: 'pt-elec-index', color: '#f59f00', type: 'column', calculation: 'diff' } as const;

export const demoTabs = (customerId: string): Tab[] => [
  { _id: 'tab-demo-electricite', name: 'Électricité', parent: null, sharing: { shared: true }, customer: customerId, user: OWNER, created_at: CREATED },
  { _id: 'tab-demo-grenoble', name: 'Grenoble', parent: null, sharing: { shared: false }, customer: customerId, user: OWNER, created_at: '2026-01-01T00:00:01.000Z' },
];

const widget = (customerId: string, _id: string, location: string | null, position: number, settings: z.input<typeof widgetInputSchema>): Widget => ({
  ...applyWidgetRules(madeText(widgetInputSchema.parse({ ...settings, location, position }))),
  _id,
  customer: customerId,
  user: OWNER,
  sharing: { shared: location === 'tab-demo-electricite' },
  created_at: CREATED,
  updated_at: CREATED,
});

const welcomeText = [
  '<p><strong>Bonjour !</strong> Électricité du bâtiment A : ',
  tokenSpan({ kind: 'value', point: 'pt-elec-index', technicalId: 'ELEC-LYON-A-001', calculation: 'diff', period: 'day', offset: 0, showUnit: true }),
  ' aujourd\'hui, ',
  tokenSpan({ kind: 'value', point: 'pt-elec-index', technicalId: 'ELEC-LYON-A-001', calculation: 'diff', period: 'day', offset: 1, showUnit: true }),
  ' hier, ',
  tokenSpan({ kind: 'value', point: 'pt-elec-index', technicalId: 'ELEC-LYON-A-001', calculation: 'diff', period: 'month', offset: 0, showUnit: true }),
  ' ce mois (',
  tokenSpan({ kind: 'date', period: 'month', offset: 0 }),
  ').</p>',
].join('');

export const demoWidgets = (customerId: string): Widget[] => [
  widget(customerId, 'wgt-demo-month', null, 0, { title: 'Électricité du mois, comparée au mois précédent', period: 'month', sampling: 'day', compare_periods: true, points: [elec] }),
  widget(customerId, 'wgt-demo-trend', null, 1, { type: 'trend', title: 'Tendance du mois', width_percent: 23.5, period: 'month', points: [elec], trend: { type: 'fall_is_good' } }),
  widget(customerId, 'wgt-demo-pie', null, 2, {
    type: 'pie',
    title: 'Répartition des usages, bâtiment A',
    width_percent: 23.5,
    period: 'month',
    sampling: 'day',
    points: [
      { _id: 'pt-elec-lighting', color: '#fab005', type: 'column', calculation: 'sum' },
      { _id: 'pt-elec-hvac', color: '#0c8599', type: 'column', calculation: 'sum' },
    ],
  }),
  widget(customerId, 'wgt-demo-text', null, 3, { type: 'text', title: 'Bienvenue', width_percent: 98, text: welcomeText }),
  widget(customerId, 'wgt-demo-week-table', null, 4, {
    type: 'table',
    title: 'La semaine, jour par jour',
    width_percent: 48.5,
    period: 'week',
    sampling: 'day',
    points: [elec, { _id: 'pt-elec-cost', color: '#2f9e44', type: 'column', calculation: 'sum' }],
  }),
  widget(customerId, 'wgt-demo-month-ipmvp', null, 5, { type: 'IPMVP', title: 'Objectif du mois', width_percent: 23.5, period: 'month', points: [elec] }),
  widget(customerId, 'wgt-demo-site-picture', null, 6, { type: 'image', title: 'Site de Grenoble', width_percent: 23.5, height: 260, image: { source: DEMO_IMAGE_ID, isCard: true } }),
  widget(customerId, 'wgt-demo-temperature-month', null, 7, {
    title: 'Température atelier, jour par jour',
    width_percent: 98,
    period: 'month',
    sampling: 'day',
    points: [{ _id: 'pt-temp-atelier', color: '#e03131', type: 'spline', calculation: 'avg' }],
  }),
  widget(customerId, 'wgt-demo-years', 'tab-demo-electricite', 0, {
    title: 'Index électricité, année par année',
    period_type: 'fixedPeriod',
    period: 'all',
    sampling: 'month',
    superimpose: true,
    superimpose_filter: 'all',
    points: [{ ...elec, type: 'line' }],
  }),
  widget(customerId, 'wgt-demo-table', 'tab-demo-electricite', 1, {
    type: 'table',
    title: 'Consommation et coût, jour par jour',
    period: 'week',
    sampling: 'day',
    points: [elec, { _id: 'pt-elec-cost', color: '#2f9e44', type: 'column', calculation: 'sum' }],
  }),
  widget(customerId, 'wgt-demo-ipmvp', 'tab-demo-electricite', 2, { type: 'IPMVP', title: 'Référence, objectif et réalisé du mois', period: 'month', points: [elec] }),
  widget(customerId, 'wgt-demo-temperature', 'tab-demo-grenoble', 0, {
    title: 'Température atelier et marche chaudière',
    period: 'week',
    sampling: 'hour',
    width_percent: 98,
    points: [
      { _id: 'pt-temp-atelier', color: '#e03131', type: 'spline', calculation: 'avg' },
      { _id: 'pt-boiler-io', color: '#7048e8', type: 'on_off', calculation: 'max' },
    ],
  }),
  widget(customerId, 'wgt-demo-image', 'tab-demo-grenoble', 1, { type: 'image', title: 'Le site', width_percent: 48.5, height: 260, image: { source: DEMO_IMAGE_ID, isCard: true } }),
  widget(customerId, 'wgt-demo-site-week', 'loc-lyon-a', 0, { title: 'Cette semaine, heure par heure', period: 'week', sampling: 'hour', points: [{ ...elec, type: 'area' }] }),
  widget(customerId, 'wgt-demo-site-trend', 'loc-lyon-a', 1, { type: 'trend', title: 'Aujourd\'hui contre hier', period: 'day', points: [elec] }),
];
