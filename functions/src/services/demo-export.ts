import type { Export, ExportCellDefinition } from '@shared/schemas/export';

export const DEMO_EXPORT_ID = 'exp-demo-monthly';

const MONTHS = 12;
const POINTS = [
  { id: 'pt-elec-index', calculation: 'diff' },
  { id: 'pt-elec-lighting', calculation: 'sum' },
  { id: 'pt-elec-hvac', calculation: 'sum' },
  { id: 'pt-water-counter', calculation: 'sum' },
  { id: 'pt-temp-atelier', calculation: 'avg' },
] as const;

const text = (value: string): ExportCellDefinition => ({ type: 'text', value });
const letter = (column: number) => String.fromCharCode(65 + column);

/**
 * The premium customer's export: a monthly table of its points over the last twelve months — the
 * name and unit of each point, a column per month (the oldest first, the current month last) and the
 * twelve months' total computed over those cells.
 */
export const demoExport = (customerId: string, now: string): Export => {
  const header = [text('Point'), text('Unité'), ...Array.from({ length: MONTHS }, (_, index) => text(index === MONTHS - 1 ? 'Mois en cours' : `M-${MONTHS - 1 - index}`)), text('Total 12 mois')];
  const rows = POINTS.map(({ id, calculation }, index): ExportCellDefinition[] => {
    const row = index + 2;
    const months = Array.from({ length: MONTHS }, (_, month): ExportCellDefinition => ({ type: 'point_data', point_id: id, calculation, sampling: 'month', offset: MONTHS - 1 - month }));
    const total: ExportCellDefinition =
      calculation === 'avg' ? text('') : { type: 'point_operations', value: Array.from({ length: MONTHS }, (_, month) => `${letter(month + 2)}${row}`).join(' + ') };
    return [{ type: 'point', point_id: id, property: 'name' }, { type: 'point', point_id: id, property: 'unit_object.s' }, ...months, total];
  });
  return {
    _id: DEMO_EXPORT_ID,
    customer: customerId,
    user: 'usr-premium-admin',
    sharing: { shared: true },
    name: 'Tableau mensuel des compteurs',
    data_type: 'custom_file',
    export_type: 'xlsx',
    export_method: 'email',
    email: { to: ['energie@energie-plus.example'] },
    content: [header, ...rows].map((row) => row.map((definition) => [definition] as [ExportCellDefinition])),
    created_at: now,
    updated_at: now,
  };
};
