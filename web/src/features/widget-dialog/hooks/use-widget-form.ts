import { useCallback, useMemo, useState } from 'react';
import type { WidgetInput, WidgetPoint } from '@shared/schemas/widget';
import type { SeriesType } from '@shared/series/calculations';
import { applyWidgetRules, canAddPoint, changeWidgetSettings, newWidgetPoint, nextPointColour } from '@shared/widgets/dialog-rules';
import { widgetProblemsOf, type DateField, type WidgetProblems } from './widget-problems';

type Changes = Partial<WidgetInput> | ((current: WidgetInput) => Partial<WidgetInput>);

export interface WidgetForm {
  /** Always as the rules correct them, so the form shows what will be saved. */
  settings: WidgetInput;
  change: (changes: Changes) => void;
  /** Adds a point with its series type's defaults and the next colour; answers the refusal's message key, if any. */
  addPoint: (point: { _id: string; series_type: SeriesType }) => string | null;
  changePoint: (pointId: string, changes: Partial<WidgetPoint>) => void;
  removePoint: (pointId: string) => void;
  setDateReadable: (field: DateField, readable: boolean) => void;
  problems: WidgetProblems;
}

/** The widget dialog's settings: every change passes through the shared rules (spec 1 §4.5). */
export const useWidgetForm = (initial: WidgetInput): WidgetForm => {
  const [settings, setSettings] = useState<WidgetInput>(() => applyWidgetRules(initial));
  const [unreadableDates, setUnreadableDates] = useState<ReadonlySet<DateField>>(new Set());

  const change = useCallback((changes: Changes) => {
    setSettings((current) => changeWidgetSettings(current, typeof changes === 'function' ? changes(current) : changes));
  }, []);

  const addPoint = useCallback(
    (point: { _id: string; series_type: SeriesType }): string | null => {
      const allowed = canAddPoint(settings.type, settings.points.length);
      if (!allowed.ok) return allowed.message;
      change((current) =>
        current.points.some((existing) => existing._id === point._id)
          ? {}
          : { points: [...current.points, newWidgetPoint(point, nextPointColour(current.points))] },
      );
      return null;
    },
    [change, settings.type, settings.points.length],
  );

  const changePoint = useCallback(
    (pointId: string, changes: Partial<WidgetPoint>) =>
      change((current) => ({ points: current.points.map((point) => (point._id === pointId ? { ...point, ...changes } : point)) })),
    [change],
  );

  const removePoint = useCallback(
    (pointId: string) => change((current) => ({ points: current.points.filter((point) => point._id !== pointId) })),
    [change],
  );

  const setDateReadable = useCallback((field: DateField, readable: boolean) => {
    setUnreadableDates((current) => {
      if (current.has(field) !== readable) return current;
      const next = new Set(current);
      if (readable) next.delete(field);
      else next.add(field);
      return next;
    });
  }, []);

  const problems = useMemo(() => widgetProblemsOf(settings, unreadableDates), [settings, unreadableDates]);
  return { settings, change, addPoint, changePoint, removePoint, setDateReadable, problems };
};
