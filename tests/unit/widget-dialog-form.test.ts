import { describe, expect, it } from 'vitest';
import { widgetInputSchema, type WidgetInput } from '@shared/schemas/widget';
import { findTokens, tokenSpan } from '@shared/widgets/text-tokens';
import { editorMarkupOf, storedMarkupOf } from '../../web/src/features/widget-dialog/components/editor-markup';
import { sectionsOf } from '../../web/src/features/widget-dialog/components/dialog-sections';
import { invalidFieldsOf, isInvalid, widgetProblemsOf, type DateField } from '../../web/src/features/widget-dialog/hooks/widget-problems';

const widget = (overrides: Partial<WidgetInput> = {}): WidgetInput => ({ ...widgetInputSchema.parse({}), ...overrides });
const none = new Set<DateField>();

describe('what keeps the widget dialog from saving', () => {
  it('is nothing for a widget the schema accepts: the widget is handed over as the schema reads it', () => {
    const problems = widgetProblemsOf(widget({ title: 'Consommation' }), none);
    expect(problems.widget).toMatchObject({ title: 'Consommation', type: 'chart' });
    expect(invalidFieldsOf(problems)).toEqual([]);
  });

  it('names each field the schema refuses, and the nested ones under their field', () => {
    const problems = widgetProblemsOf(widget({ height: Number.NaN, normalisation: [{ how_many: -1, what: { kind: 'surface' } }] }), none);
    expect(problems.widget).toBeNull();
    expect(isInvalid(problems, 'height')).toBe(true);
    expect(isInvalid(problems, 'normalisation')).toBe(true);
    expect(isInvalid(problems, 'normalisation.0.how_many')).toBe(true);
    expect(isInvalid(problems, 'title')).toBe(false);
    expect(invalidFieldsOf(problems)).toEqual(['height', 'normalisation']);
  });

  it('refuses a date-to-date range that ends before it starts', () => {
    const problems = widgetProblemsOf(
      widget({ period_type: 'dateToDate', start_date: '2026-11-23T10:00:00.000Z', end_date: '2026-10-23T10:00:00.000Z' }),
      none,
    );
    expect(problems.widget).toBeNull();
    expect(problems.reversedRange).toBe(true);
  });

  it('refuses a date text that does not read, but only while the widget is date to date', () => {
    const unreadable = new Set<DateField>(['end_date']);
    const range = { start_date: '2026-10-23T10:00:00.000Z', end_date: '2026-11-23T10:00:00.000Z' };
    expect(widgetProblemsOf(widget({ period_type: 'dateToDate', ...range }), unreadable)).toMatchObject({ widget: null });
    expect(invalidFieldsOf(widgetProblemsOf(widget({ period_type: 'dateToDate', ...range }), unreadable))).toEqual(['end_date']);
    expect(widgetProblemsOf(widget({ period_type: 'fixedPeriod' }), unreadable).widget).not.toBeNull();
  });
});

describe('the sections of the widget dialog', () => {
  it('give series widgets their points and period', () => {
    expect(sectionsOf('chart')).toEqual(['type', 'points', 'period', 'display']);
    expect(sectionsOf('IPMVP')).toEqual(['type', 'points', 'period', 'display']);
  });

  it('give a text widget its editor and an image widget its image, without points or period', () => {
    expect(sectionsOf('text')).toEqual(['type', 'text', 'display']);
    expect(sectionsOf('image')).toEqual(['type', 'image', 'display']);
  });
});

describe('the text editor\'s markup', () => {
  const date = tokenSpan({ kind: 'date', period: 'month', offset: 1 });
  const value = tokenSpan({ kind: 'value', point: 'pt-a', technicalId: 'EL-1', calculation: 'diff', period: 'day', offset: 0, showUnit: true });
  const stored = `<b>Conso</b> ${date} : ${value}`;

  it('holds each token as a unit the caret cannot enter', () => {
    const editor = editorMarkupOf(stored);
    expect(editor.match(/contenteditable="false"/g)).toHaveLength(2);
    expect(editor).toContain('<b>Conso</b>');
  });

  it('stores tokens exactly as they were written, whatever the editor added', () => {
    expect(storedMarkupOf(editorMarkupOf(stored))).toBe(stored);
    expect(storedMarkupOf(editorMarkupOf(editorMarkupOf(stored)))).toBe(stored);
    expect(findTokens(storedMarkupOf(editorMarkupOf(stored))).map(({ token }) => token.kind)).toEqual(['date', 'value']);
  });

  it('leaves spans that are not tokens alone', () => {
    const styled = '<span style="color: rgb(0, 0, 0);" contenteditable="false">x</span>';
    expect(storedMarkupOf(styled)).toBe(styled);
  });
});
