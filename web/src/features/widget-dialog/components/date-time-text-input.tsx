import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@mantine/core';
import { DATE_TIME_FORMAT } from '@shared/date-text';
import { formatDateTimeText, maskDateTimeText, parseDateTimeText } from '../../../lib/date-time-text';

interface DateTimeTextInputProps {
  label: string;
  /** ISO date; replaced from outside when the rules fill a range. */
  value: string | null;
  onChange: (iso: string) => void;
  onReadableChange: (readable: boolean) => void;
  /** An error about the date as a whole (a reversed range), shown when the text itself reads well. */
  error?: string | false;
  testId?: string;
}

/** dd/MM/yyyy HH:mm on a 24-hour clock, typed, whatever the browser's locale (spec 1 §9). */
export const DateTimeTextInput = ({ label, value, onChange, onReadableChange, error, testId }: DateTimeTextInputProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState(() => formatDateTimeText(value));
  const [touched, setTouched] = useState(false);
  const readable = parseDateTimeText(text) !== null;

  // A date set from outside (the default range) replaces the text, unless the text already says it.
  useEffect(() => {
    setText((current) => (value && parseDateTimeText(current) !== new Date(value).toISOString() ? formatDateTimeText(value) : current));
  }, [value]);

  useEffect(() => {
    onReadableChange(readable);
  }, [readable, onReadableChange]);

  const showUnreadable = !readable && (touched || text.length === DATE_TIME_FORMAT.length);
  return (
    <TextInput
      label={label}
      value={text}
      placeholder={t('widgetDialog.hints.dateFormat')}
      inputMode="numeric"
      onChange={(event) => {
        const masked = maskDateTimeText(event.currentTarget.value);
        setText(masked);
        const iso = parseDateTimeText(masked);
        if (iso) onChange(iso);
      }}
      onBlur={() => setTouched(true)}
      error={showUnreadable ? t('widgetDialog.errors.dateFormat') : error}
      data-testid={testId}
    />
  );
};
