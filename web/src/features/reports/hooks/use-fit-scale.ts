import { useElementSize } from '@mantine/hooks';

/** The scale a page `width` pixels wide is drawn at in the element `ref` names: 1 when it fits, smaller on a narrow screen. */
export const useFitScale = (width: number) => {
  const { ref, width: available } = useElementSize();
  return { ref, scale: available > 0 ? Math.min(1, available / width) : 1 };
};
