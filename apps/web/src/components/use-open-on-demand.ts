import { useState, type FocusEventHandler, type MouseEventHandler, type PointerEventHandler } from 'react';

/**
 * A menu or popover whose module (and UI library: Radix's popper, focus scope, dismissable layer, ≈ 30 kB gz) loads
 * on first use, not with the page: until the first click the trigger renders alone and starts loading on hover or
 * focus; the click opens it (`used` then renders the lazy part, open). Pass `load` the same import the lazy
 * component uses.
 */
export function useOpenOnDemand(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const preload = () => void load();
  const triggerProps: {
    onClick?: MouseEventHandler;
    onPointerEnter?: PointerEventHandler;
    onFocus?: FocusEventHandler;
  } = used
    ? {}
    : {
        onClick: () => {
          setUsed(true);
          setOpen(true);
        },
        onPointerEnter: preload,
        onFocus: preload,
      };
  return { open, setOpen, used, triggerProps };
}
