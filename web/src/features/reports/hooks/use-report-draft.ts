import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Report, ReportWidget } from '@shared/schemas/report';
import { translate } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { createSaveQueue } from '../../../lib/save-queue';
import { isDraftId, REPORT_KEYS, reportQueryOptions, saveReport } from '../api/reports';

/** Changes are saved this long after the last one (spec 3 §9: save debounce 200 to 1000 ms). */
const SAVE_DELAY_MS = 300;

export type SaveState = 'saved' | 'saving';

interface Queued {
  report: Report;
  version: number;
}

/** Notes, for each widget the save gave its server id, the draft id it was drawn under (the saved report keeps the sent one's pages and order). */
const noteDraftKeys = (sent: Report, saved: Report, keys: Map<string, string>): void =>
  sent.content.pages.forEach((widgets, page) =>
    widgets.forEach((widget, index) => {
      const savedId = saved.content.pages[page]?.[index]?._id;
      if (isDraftId(widget._id) && savedId && !isDraftId(savedId)) keys.set(savedId, widget._id);
    }),
  );

/**
 * The report as the editor shows it: every change is shown at once and the whole report saved
 * (`PUT /api/v1/reports`) shortly after, one save at a time with the newest state. The saved
 * answer (with the server's widget ids) replaces the draft unless a newer change is on its way;
 * a refused save says so and shows the report as the server keeps it.
 *
 * `keyOf` is the key a widget is drawn under: a widget added here keeps its draft id's key once the
 * save gives it its server id, so the answer does not draw it anew (a menu open on it stays open).
 */
export const useReportDraft = (initial: Report) => {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const latest = useRef(initial);
  const version = useRef(0);
  const drawnAs = useRef(new Map<string, string>());

  const show = useCallback((report: Report) => {
    latest.current = report;
    setDraft(report);
  }, []);

  const [queue] = useState(() =>
    createSaveQueue<Queued>(
      async (_id, queued) => {
        const saved = await saveReport(queued.report);
        queryClient.setQueryData(REPORT_KEYS.one(saved._id), saved);
        void queryClient.invalidateQueries({ queryKey: REPORT_KEYS.all, exact: true });
        if (queued.version !== version.current) return;
        noteDraftKeys(queued.report, saved, drawnAs.current);
        show(saved);
        setSaveState('saved');
      },
      SAVE_DELAY_MS,
      (id) => {
        notify({ kind: 'warning', title: translate('errors.titles.sorry'), message: translate('reports.editor.notSaved') });
        version.current += 1;
        void queryClient
          .fetchQuery({ ...reportQueryOptions(id), staleTime: 0 })
          .then(show)
          .catch(() => undefined)
          .finally(() => setSaveState('saved'));
      },
    ),
  );

  useEffect(() => () => void queue.flush(), [queue]);

  const change = useCallback(
    (update: (current: Report) => Report) => {
      const next = update(latest.current);
      version.current += 1;
      show(next);
      setSaveState('saving');
      queue.schedule(next._id, { report: next, version: version.current });
    },
    [queue, show],
  );

  const keyOf = useCallback((widget: ReportWidget) => drawnAs.current.get(widget._id) ?? widget._id, []);

  return { draft, saveState, change, flush: queue.flush, keyOf };
};
