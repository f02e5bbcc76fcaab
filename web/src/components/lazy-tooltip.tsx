import { cloneElement, useRef, useState, type FocusEvent, type MouseEvent, type ReactElement, type Ref } from 'react';
import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';

type ControlProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

interface LazyTooltipProps extends Omit<TooltipProps, 'children' | 'target' | 'opened'> {
  /** The control the tooltip names: an element that takes a ref and these four handlers. */
  children: ReactElement<ControlProps>;
}

/**
 * Mantine's tooltip for a control repeated on a page (a widget's title bar, the shell's header):
 * the tooltip's floating element, portal and position tracking are built the first time the
 * pointer or the focus reaches the control, not for every control when the page is drawn. The
 * control itself stays where it is in the tree (it is not wrapped), so it keeps its focus.
 */
export const LazyTooltip = ({ children, ...tooltip }: LazyTooltipProps) => {
  const target = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);
  const [built, setBuilt] = useState(false);
  const own = children.props;
  const ref = useMergedRef(target, own.ref);
  const show = (value: boolean) => {
    setShown(value);
    if (value) setBuilt(true);
  };
  /** The control's own handler, then the tooltip shown or hidden. */
  const also =
    <E,>(handler: ((event: E) => void) | undefined, value: boolean) =>
    (event: E) => {
      handler?.(event);
      show(value);
    };
  return (
    <>
      {cloneElement(children, {
        ref,
        onMouseEnter: also(own.onMouseEnter, true),
        onMouseLeave: also(own.onMouseLeave, false),
        onFocus: also(own.onFocus, true),
        onBlur: also(own.onBlur, false),
      })}
      {built && <Tooltip {...tooltip} target={target} opened={shown} />}
    </>
  );
};
