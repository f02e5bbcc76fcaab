import { Switch, type SwitchProps } from '@mantine/core';

/** Takes what Mantine form's `getInputProps(field, { type: 'checkbox' })` gives, or its own `checked` and `onChange`. */
export interface SwitchFieldProps extends Omit<SwitchProps, 'checked' | 'onChange'> {
  checked?: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}

/** An on/off field of a form, handing back the new state rather than the event. */
export const SwitchField = ({ checked, onChange, testId, ...props }: SwitchFieldProps) => (
  <Switch {...props} checked={checked ?? false} onChange={(event) => onChange(event.currentTarget.checked)} data-testid={testId} />
);
