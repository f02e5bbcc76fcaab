import type * as z from 'zod';
import { reportWidgetSchema, type Report, type ReportWidget } from '@shared/schemas/report';
import { applyWidgetRules } from '@shared/widgets/dialog-rules';

export const DEMO_REPORT_ID = 'rep-demo-monthly';

const OWNER = 'usr-premium-admin';

const widget = (_id: string, page_index: number, widget_index: number, settings: z.input<typeof reportWidgetSchema>): ReportWidget => ({
  ...(applyWidgetRules(reportWidgetSchema.parse(settings)) as z.output<typeof reportWidgetSchema>),
  _id,
  page_index,
  widget_index,
});

const intro =
  "<p><strong>Rapport mensuel</strong> du site de Lyon : consommations d'électricité et d'eau, usages et température de l'atelier. " +
  'Les valeurs sont celles du mois écoulé, comparées au mois précédent.</p>';

/**
 * The premium customer's monthly report (the demo's subscription sends it): page one the month's
 * electricity compared with the month before and the split of uses; page two water and the
 * workshop's temperature. Fixed ids: seeding again restores the same report.
 */
export const demoReport = (customerId: string, now: string): Report => ({
  _id: DEMO_REPORT_ID,
  customer: customerId,
  user: OWNER,
  sharing: { shared: true },
  name: 'Rapport mensuel du site de Lyon',
  orientation: 'portrait',
  content: {
    pages: [
      [
        widget('wgt-demo-report-intro', 0, 0, { type: 'text', title: 'Introduction', text: intro, height: 90, width_percent: 100, layout: 1 }),
        widget('wgt-demo-report-elec', 0, 1, {
          title: 'Électricité du mois, comparée au mois précédent',
          period: 'month',
          sampling: 'day',
          offset: 1,
          compare_periods: true,
          width_percent: 100,
          layout: 1,
          points: [{ _id: 'pt-elec-index', color: '#f59f00', type: 'column', calculation: 'diff' }],
        }),
        widget('wgt-demo-report-uses', 0, 2, {
          type: 'pie',
          title: 'Répartition des usages, bâtiment A',
          period: 'month',
          offset: 1,
          width_percent: 50,
          layout: 2,
          points: [
            { _id: 'pt-elec-lighting', color: '#fab005', type: 'column', calculation: 'sum' },
            { _id: 'pt-elec-hvac', color: '#0c8599', type: 'column', calculation: 'sum' },
          ],
        }),
      ],
      [
        widget('wgt-demo-report-water', 1, 0, {
          title: "Consommation d'eau par jour",
          period: 'month',
          sampling: 'day',
          offset: 1,
          width_percent: 100,
          layout: 1,
          points: [{ _id: 'pt-water-counter', color: '#1c7ed6', type: 'column', calculation: 'sum' }],
        }),
        widget('wgt-demo-report-temperature', 1, 1, {
          title: "Température de l'atelier",
          period: 'month',
          sampling: 'day',
          offset: 1,
          width_percent: 100,
          layout: 1,
          points: [{ _id: 'pt-temp-atelier', color: '#e8590c', type: 'line', calculation: 'avg' }],
        }),
      ],
    ],
  },
  created_at: now,
  updated_at: now,
});
