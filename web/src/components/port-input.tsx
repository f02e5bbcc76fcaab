import { NumberInput } from '@mantine/core';

/** Takes what Mantine form's `getInputProps(field)` gives, or its own `value` and `onChange`. */
export interface PortInputProps {
  label: string;
  /** Null while the field is empty. */
  value?: number | null;
  onChange: (value: number | null) => void;
  error?: React.ReactNode;
  testId: string;
}

/** A network port (1–65535): whole numbers only, no thousands separator, empty reads as null. */
export const PortInput = ({ label, value, onChange, error, testId }: PortInputProps) => (
  <NumberInput
    label={label}
    value={value ?? ''}
    onChange={(next) => onChange(typeof next === 'number' ? next : null)}
    min={1}
    max={65_535}
    allowDecimal={false}
    allowNegative={false}
    thousandSeparator=""
    error={error}
    withAsterisk
    data-testid={testId}
  />
);
