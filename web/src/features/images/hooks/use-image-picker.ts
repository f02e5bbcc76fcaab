import { useRef, useState } from 'react';

/**
 * Opening the gallery to pick an image, as a promise: `pick()` opens it and settles with the
 * chosen image id, or null when the gallery is closed without a choice.
 */
export const useImagePicker = () => {
  const [opened, setOpened] = useState(false);
  const settle = useRef<((id: string | null) => void) | null>(null);
  const finish = (id: string | null) => {
    settle.current?.(id);
    settle.current = null;
    setOpened(false);
  };
  return {
    opened,
    pick: (): Promise<string | null> =>
      new Promise((resolve) => {
        settle.current = resolve;
        setOpened(true);
      }),
    onPick: (id: string) => finish(id),
    onClose: () => finish(null),
  };
};
