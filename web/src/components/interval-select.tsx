import { Select } from '@mantine/core';

/** Takes what Mantine form's `getInputProps(field)` gives, or its own `value` and `onChange`. */
export interface IntervalSelectProps<Minutes extends number> {
  label: string;
  /** The intervals offered, in minutes. */
  intervals: readonly Minutes[];
  value?: Minutes;
  error?: React.ReactNode;
  onChange: (minutes: Minutes) => void;
  /** How an interval reads ("Every 5 minutes"). */
  describe: (minutes: Minutes) => string;
  testId: string;
}

/** How often something runs, chosen among fixed intervals in minutes. */
export const IntervalSelect = <Minutes extends number>({ label, intervals, value, onChange, error, describe, testId }: IntervalSelectProps<Minutes>) => (
  <Select
    label={label}
    data={intervals.map((minutes) => ({ value: String(minutes), label: describe(minutes) }))}
    value={value === undefined ? null : String(value)}
    error={error}
    onChange={(next) => next && onChange(Number(next) as Minutes)}
    allowDeselect={false}
    data-testid={testId}
  />
);
