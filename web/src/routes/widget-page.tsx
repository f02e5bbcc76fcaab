import { useQuery } from '@tanstack/react-query';
import type { Tab } from '@shared/schemas/tab';
import { Dashboard } from '../features/dashboard/components/dashboard';
import { imagesQueryOptions } from '../features/images/api/images';
import { ImageGallery } from '../features/images/components/image-gallery';
import { useImagePicker } from '../features/images/hooks/use-image-picker';
import { WidgetDialog } from '../features/widget-dialog/components/widget-dialog';
import { WidgetView } from '../features/widgets/components/widget-view';
import { useLoginPayload } from '../lib/session';

interface WidgetPageProps {
  locationId: string | null;
  tabId: string | null;
  onOpenTab: (tab: Tab | null) => void;
}

/**
 * A page of widgets as the routes show it: the dashboard feature (tabs, grid, controls) drawing
 * each widget with the widgets feature, editing them in the widget dialog, images picked from
 * the gallery.
 */
export const WidgetPage = ({ locationId, tabId, onOpenTab }: WidgetPageProps) => {
  const { customer } = useLoginPayload();
  const images = useQuery(imagesQueryOptions());
  const picker = useImagePicker();
  const imageUrl = (id: string) => images.data?.find((image) => image._id === id)?.url ?? '';
  return (
    <>
      <Dashboard
        locationId={locationId}
        tabId={tabId}
        onOpenTab={onOpenTab}
        renderWidget={(widget, controls) => <WidgetView widget={widget} controls={controls} timezone={customer.timezone} imageUrl={imageUrl} />}
        renderDialog={(slot) => <WidgetDialog {...slot} context="dashboard" onPickImage={() => picker.pick()} />}
      />
      <ImageGallery opened={picker.opened} onClose={picker.onClose} onPick={picker.onPick} />
    </>
  );
};
