import { TOAST_COLORS, TOAST_TIMEOUT_MS, type ToastKind } from '@shared/constants';
import { translate } from './i18n';

export interface Toast {
  kind: ToastKind;
  title: string;
  message: string;
  /** Milliseconds; alert boxes close after 6 seconds unless the spec says otherwise. */
  autoClose?: number;
  id?: string;
  /** The spec's "big" alert box, for what must not be missed (a locked application). */
  big?: boolean;
}

/**
 * Mantine's alert boxes load beside the first screen rather than in it (their container is lazy
 * too, in app.tsx): the boxes asked for meanwhile are shown, in order, once it has come.
 */
const mantineNotifications = () => import('@mantine/notifications').then((module) => module.notifications);

/** Alert boxes in the spec's colours (spec 1 §9). Texts are already translated. */
export const notify = ({ kind, title, message, autoClose = TOAST_TIMEOUT_MS, id, big = false }: Toast): void => {
  void mantineNotifications().then((notifications) => notifications.show({
    id,
    title,
    message,
    color: TOAST_COLORS[kind],
    autoClose,
    withBorder: true,
    className: big ? 'ww-toast-big' : undefined,
  }));
};

export const dismissToast = (id: string): void => {
  void mantineNotifications().then((notifications) => notifications.hide(id));
};

/** 'Sorry' / 'Something went wrong...' (warning), the answer to any failed call without its own message. */
export const notifyGenericFailure = (): void =>
  notify({ kind: 'warning', title: translate('errors.titles.sorry'), message: translate('errors.generic') });
