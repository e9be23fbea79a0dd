import { useLayoutEffect, useRef } from 'react';

// The log's box as tall as the window leaves below what is above it, the console's footer
// included: while following a live log its newest lines and footer stay in the window (a fixed
// `100vh - 340px` left them 70-90 px below it once the step's trend lines and annotations kept
// their rooms). LogList.tsx's Viewport reads `--log-room`; a red build's failure summary gives its
// room back (`--summary-room`, buildPage/LogView.tsx), and the box is never under 240 px.

/** Left free under the console's footer, px. */
const MARGIN = 8;

/**
 * Sets `--log-room` on its parent (the log's box): the box's top in the page and what is below it
 * in the console. First of the box's children, so its layout effect runs before the rows place
 * themselves in theirs (React runs siblings' effects in order, before their parent's, whose ref
 * is not yet set).
 */
export function FitToWindow() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const box = marker.current?.parentElement;
    if (!box) return undefined;
    const frame = box.closest('section') ?? box;
    let room = -1;
    const fit = () => {
      const below = frame.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
      // The box's padding is outside its (content-box) max-height.
      const { paddingTop, paddingBottom } = getComputedStyle(box);
      const padding = parseFloat(paddingTop) + parseFloat(paddingBottom) || 0;
      const next = Math.round(pageTop(box) + padding + below + MARGIN);
      if (next === room) return;
      room = next;
      box.style.setProperty('--log-room', `${room}px`);
    };
    fit();
    // What is above may change size (a running step's annotations, a header wrapping anew).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(document.documentElement);
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, []);
  return <span ref={marker} hidden />;
}

/**
 * The element's top in the page, however far it is scrolled; in a fixed dialog (a phone's step),
 * in the window.
 */
function pageTop(element: HTMLElement): number {
  let top = 0;
  for (let at: Element | null = element; at instanceof HTMLElement; at = at.offsetParent) {
    top += at.offsetTop;
  }
  return top;
}
