import type { WidgetForm } from '../hooks/use-widget-form';
import { RichTextEditor } from './rich-text-editor';

export const TextSection = ({ form }: { form: WidgetForm }) => (
  <RichTextEditor value={form.settings.text} onChange={(text) => form.change({ text })} />
);
