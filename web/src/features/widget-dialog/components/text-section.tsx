import type { PointWithLocationNames } from '../api/points-with-location-names';
import type { WidgetForm } from '../hooks/use-widget-form';
import { RichTextEditor } from './rich-text-editor';

export const TextSection = ({ form, points }: { form: WidgetForm; points: PointWithLocationNames[] }) => (
  <RichTextEditor value={form.settings.text} onChange={(text) => form.change({ text })} points={points} />
);
