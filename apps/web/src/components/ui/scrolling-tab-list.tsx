import { ScrollArea, Tabs } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A tab list that does not fit (a phone, a long language) scrolls sideways with a thin scrollbar, the hint that
 * there are more tabs; the chosen tab is kept in view, also when the screen is opened by a link to it and when
 * the tabs grow afterwards (a count that arrives widens every tab before it).
 * Inside Mantine's <Tabs>.
 */
export function ScrollingTabList({ value, label, children }: { value: string; label?: string; children: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const strip = viewport.current;
    const keepInView = () => {
      const tab = strip?.querySelector<HTMLElement>(`[role="tab"][id$="-tab-${CSS.escape(value)}"]`);
      if (!strip || !tab || strip.scrollWidth <= strip.clientWidth) return;
      const left = tab.offsetLeft;
      if (left < strip.scrollLeft || left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth) {
        strip.scrollTo({ left: Math.max(0, left - 24) });
      }
    };
    if (!list.current || typeof ResizeObserver === 'undefined') {
      keepInView();
      return;
    }
    // Each tab, not the list: the list keeps the strip's width while its tabs overflow it. The observer's first
    // call comes once the tabs are laid out: reading their places at once forced a layout of its own, in the
    // middle of the first render (about 80 ms of an order list's load, bench/first-paint.ts).
    const observer = new ResizeObserver(keepInView);
    for (const tab of list.current.querySelectorAll('[role="tab"]')) observer.observe(tab);
    return () => observer.disconnect();
  }, [value]);
  return (
    <ScrollArea type="auto" scrollbarSize={4} scrollbars="x" viewportRef={viewport} offsetScrollbars="x">
      <Tabs.List ref={list} style={{ flexWrap: 'nowrap' }} aria-label={label}>
        {children}
      </Tabs.List>
    </ScrollArea>
  );
}
