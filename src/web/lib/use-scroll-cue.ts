import { useEffect, useRef } from 'react';

/**
 * For a box that scrolls sideways (a tab bar, a wide table's frame): marks it `data-more-start` /
 * `data-more-end` while there is more to scroll to on that side, so its style can fade that edge as a
 * cue, and keeps the element matching `keepInView` (the chosen tab) scrolled into view whenever it
 * changes or the box is resized. Only the box scrolls, never the page.
 */
export function useScrollCue<Element extends HTMLElement>(keepInView?: string) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const mark = () => {
      const more = box.scrollWidth - box.clientWidth;
      box.toggleAttribute('data-more-start', more > 1 && box.scrollLeft > 1);
      box.toggleAttribute('data-more-end', more > 1 && box.scrollLeft < more - 1);
    };
    const reveal = () => {
      const target = keepInView ? box.querySelector<HTMLElement>(keepInView) : null;
      if (target) {
        const frame = box.getBoundingClientRect();
        const item = target.getBoundingClientRect();
        if (item.left < frame.left) box.scrollLeft -= frame.left - item.left + 16;
        else if (item.right > frame.right) box.scrollLeft += item.right - frame.right + 16;
      }
      mark();
    };
    reveal();
    box.addEventListener('scroll', mark, { passive: true });
    const resized = new ResizeObserver(reveal);
    resized.observe(box);
    const changed = new MutationObserver(reveal);
    if (keepInView) changed.observe(box, { subtree: true, attributes: true, attributeFilter: ['data-state', 'aria-selected'] });
    return () => {
      box.removeEventListener('scroll', mark);
      resized.disconnect();
      changed.disconnect();
    };
  }, [keepInView]);
  return ref;
}

/** Fades the edge a box can still scroll towards (with useScrollCue). */
export const SCROLL_CUE_CLASSES =
  'data-[more-end]:[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)] data-[more-start]:[mask-image:linear-gradient(to_left,black_calc(100%-2.5rem),transparent)] data-[more-start]:data-[more-end]:[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%-2.5rem),transparent)]';
