import type { AlertLogSummary } from '@shared/schemas/alert';

export type SummaryState = 'none' | 'partly' | 'all';

/**
 * The colour and icon of a summary row (spec 2 §2): none acquitted red with a times icon, partly
 * orange with a warning triangle, all acquitted (or no summary) green with a check.
 */
export const summaryState = (row: Pick<AlertLogSummary, 'summary'>): SummaryState => {
  const counts = row.summary[0];
  if (!counts || counts.total_count === 0) return 'all';
  if (counts.total_acquitted === 0) return 'none';
  return counts.total_acquitted >= counts.total_count ? 'all' : 'partly';
};

export const SUMMARY_COLORS: Record<SummaryState, string> = { none: 'red', partly: 'orange', all: 'green' };
