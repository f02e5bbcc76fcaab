/** Days of a values deletion, as the API takes them ('YYYY-MM-DD'); null leaves that side open. */
export interface DeletionRange {
  from: string | null;
  to: string | null;
}

/** Why a range cannot be sent, if it cannot: an end before its start. */
export const deletionRangeProblem = ({ from, to }: DeletionRange): 'end_before_start' | null =>
  from && to && to < from ? 'end_before_start' : null;

/** Both sides open: every value of the point goes, which asks for its own confirmation. */
export const deletesWholeSeries = ({ from, to }: DeletionRange): boolean => !from && !to;

/** 'YYYY-MM-DD' shown as the spec's dd/MM/yyyy. */
export const displayDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The point's name typed back, as a person would type it (case and surrounding spaces aside). */
export const confirmsName = (typed: string, name: string): boolean => typed.trim().toLocaleLowerCase() === name.trim().toLocaleLowerCase();
