import { widgetInputSchema, type WidgetInput } from '@shared/schemas/widget';
import { hasOrderedDateRange } from '@shared/widgets/dialog-rules';

export type DateField = 'start_date' | 'end_date';

/** What stands between the form and a save: nothing when `widget` is set. */
export interface WidgetProblems {
  /** The settings as the schema reads them, ready to hand over; null while anything is wrong. */
  widget: WidgetInput | null;
  /** Dotted paths of the fields the schema refuses (`title`, `normalisation.0.how_many`). */
  invalidPaths: ReadonlySet<string>;
  /** Date texts typed but not readable as dd/MM/yyyy HH:mm; the settings still hold the last good date. */
  unreadableDates: ReadonlySet<DateField>;
  reversedRange: boolean;
}

/** The form's settings checked by the shared schema, the date texts and the range order. */
export const widgetProblemsOf = (settings: WidgetInput, unreadableDates: ReadonlySet<DateField>): WidgetProblems => {
  const parsed = widgetInputSchema.safeParse(settings);
  const invalidPaths = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.map(String).join('.')));
  const reversedRange = !hasOrderedDateRange(settings);
  const datesMatter = settings.period_type === 'dateToDate' && unreadableDates.size > 0;
  return {
    widget: parsed.success && !reversedRange && !datesMatter ? parsed.data : null,
    invalidPaths,
    unreadableDates: settings.period_type === 'dateToDate' ? unreadableDates : new Set(),
    reversedRange,
  };
};

/** Whether a field, or anything under it, is refused. */
export const isInvalid = (problems: WidgetProblems, path: string): boolean =>
  [...problems.invalidPaths].some((invalid) => invalid === path || invalid.startsWith(`${path}.`));

/** The top-level fields refused, once each, in the order the schema met them. */
export const invalidFieldsOf = (problems: WidgetProblems): string[] => [
  ...new Set([...problems.invalidPaths].map((path) => path.split('.')[0]).concat([...problems.unreadableDates])),
];
