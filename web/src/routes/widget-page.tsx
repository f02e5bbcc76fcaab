import { lazy, Suspense, useCallback, useState, type ComponentProps, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Tab } from '@shared/schemas/tab';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import { Dashboard } from '../features/dashboard/components/dashboard';
import { imagesQueryOptions } from '../features/images/api/images';
import type { ImageGallery as ImageGalleryComponent } from '../features/images/components/image-gallery';
import { useImagePicker } from '../features/images/hooks/use-image-picker';
import type { WidgetDialog as WidgetDialogComponent } from '../features/widget-dialog/components/widget-dialog';
import { WidgetView } from '../features/widgets/components/widget-view';
import { useReturnFocus } from '../lib/use-return-focus';
import { useSessionWith } from '../lib/session';

/**
 * A dialog whose code loads the first time it opens, and stays mounted from then on (for its
 * closing transition): the page draws its widgets without the widget dialog's forms and
 * schemas or the gallery's upload in its JavaScript. It gives the focus back on its first closing,
 * which the dialog, mounted already open, cannot.
 */
const openedOnFirstUse = <Props extends { opened: boolean }>(load: () => Promise<ComponentType<Props>>) => {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return (props: Props) => {
    useReturnFocus(props.opened);
    const [used, setUsed] = useState(props.opened);
    if (props.opened && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
};

const WidgetDialog = openedOnFirstUse<ComponentProps<typeof WidgetDialogComponent>>(() =>
  import('../features/widget-dialog/components/widget-dialog').then((module) => module.WidgetDialog),
);
const ImageGallery = openedOnFirstUse<ComponentProps<typeof ImageGalleryComponent>>(() =>
  import('../features/images/components/image-gallery').then((module) => module.ImageGallery),
);

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
  // The customer's zone alone: a renewed token does not draw the page again.
  const timezone = useSessionWith((session) => (session.status === 'logged-in' ? session.payload.customer.timezone : DEFAULT_TIMEZONE));
  const images = useQuery(imagesQueryOptions());
  const picker = useImagePicker();
  const imageUrl = useCallback((id: string) => images.data?.find((image) => image._id === id)?.url ?? '', [images.data]);
  return (
    <>
      <Dashboard
        locationId={locationId}
        tabId={tabId}
        onOpenTab={onOpenTab}
        renderWidget={(widget, controls) => <WidgetView widget={widget} controls={controls} timezone={timezone} imageUrl={imageUrl} />}
        renderDialog={(slot) => <WidgetDialog {...slot} context="dashboard" onPickImage={() => picker.pick()} />}
      />
      <ImageGallery opened={picker.opened} onClose={picker.onClose} onPick={picker.onPick} />
    </>
  );
};
