import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { useElementSize, useReducedMotion, useWindowEvent } from '@mantine/hooks';
import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './form-section.module.css';

/** The sticky header's height; the section nav sticks under it. */
const HEADER = 64;
/**
 * How far below the window's top a section lands after a jump, so that its title is not under the sticky
 * header and section nav: set by the nav from its height (its links wrap on wider screens).
 */
export const SECTION_SCROLL_MARGIN = 'var(--section-offset, 120px)';

/** One titled part of a long form; its id is the anchor the section nav jumps to. */
export function FormSection({
  id,
  title,
  children,
  testId,
}: {
  id: string;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      id={id}
      style={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <Stack gap="md">
        {/* Focusable by script only: after a jump, the keyboard and a screen reader go on from the title. */}
        <Title order={3} size="h4" id={`${id}-title`} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Which section is being read: the last one whose top has passed under the sticky header, or the last one
 * when the page is scrolled to its end (a short last section never reaches the top).
 */
export function activeSection(tops: readonly number[], atEnd: boolean, offset: number): number {
  if (tops.length === 0) return -1;
  if (atEnd) return tops.length - 1;
  let active = 0;
  tops.forEach((top, index) => {
    if (top <= offset + 1) active = index;
  });
  return active;
}

function useActiveSection(ids: readonly string[], offset: number): string | undefined {
  const [active, setActive] = useState<string>();
  const key = ids.join(' ');
  const frame = useRef(0);
  const measure = useCallback(() => {
    const present = key
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => !!el);
    const root = document.documentElement;
    const atEnd = window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 2;
    const index = activeSection(
      present.map((el) => el.getBoundingClientRect().top),
      atEnd,
      offset,
    );
    setActive(present[index]?.id);
  }, [key, offset]);
  // Once per frame however often the page scrolls.
  const schedule = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  }, [measure]);
  useEffect(() => {
    measure();
    return () => cancelAnimationFrame(frame.current);
  }, [measure]);
  useWindowEvent('scroll', schedule, { passive: true });
  useWindowEvent('resize', schedule);
  return active;
}

/**
 * Links to the sections of a long form, kept in view under the header. The section being read is marked; on
 * phones the links scroll sideways and the marked one is kept in view, from tablets up they wrap.
 * A click scrolls to the section and moves the focus to its title, without touching the address.
 */
export function SectionNav({ sections, label }: { sections: readonly { id: string; title: string }[]; label: string }) {
  // The nav's own height (one line on phones, wrapped lines from tablets up) sets where sections land.
  const { ref: navRef, height } = useElementSize<HTMLElement>();
  const offset = HEADER + Math.round(height) + 28;
  useEffect(() => {
    if (!height) return;
    document.documentElement.style.setProperty('--section-offset', `${offset}px`);
    return () => {
      document.documentElement.style.removeProperty('--section-offset');
    };
  }, [height, offset]);
  const active = useActiveSection(
    sections.map((s) => s.id),
    offset,
  );
  const reduceMotion = useReducedMotion();
  const linksRef = useRef<HTMLDivElement>(null);

  // The nav's own sideways scroll follows the section being read (phones); the page itself is not moved.
  useEffect(() => {
    const links = linksRef.current;
    const link = active ? links?.querySelector<HTMLElement>(`[data-section="${active}"]`) : null;
    if (!links || !link || links.scrollWidth <= links.clientWidth) return;
    const left = link.offsetLeft - links.offsetLeft;
    if (left < links.scrollLeft || left + link.offsetWidth > links.scrollLeft + links.clientWidth) {
      links.scrollTo({ left: Math.max(0, left - 24), behavior: reduceMotion ? 'auto' : 'smooth' });
    }
  }, [active, reduceMotion]);

  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target || event.metaKey || event.ctrlKey || event.shiftKey) return;
    // No hash navigation: the address stays the screen's, and the unsaved-input guard sees no navigation.
    event.preventDefault();
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    const title = document.getElementById(`${id}-title`);
    (title ?? target).focus({ preventScroll: true });
  };

  return (
    <Paper
      ref={navRef}
      component="nav"
      aria-label={label}
      withBorder
      radius="md"
      px="sm"
      py={6}
      pos="sticky"
      top={64}
      // Above the form's save bar, which scrolls up under it at the form's end.
      style={{ zIndex: 6 }}
    >
      <div className={classes.links} ref={linksRef} data-testid="section-nav">
        {sections.map((section) => (
          <Anchor
            key={section.id}
            href={`#${section.id}`}
            size="sm"
            className={classes.link}
            data-section={section.id}
            aria-current={active === section.id ? 'location' : undefined}
            onClick={(event) => jump(event, section.id)}
          >
            {section.title}
          </Anchor>
        ))}
      </div>
    </Paper>
  );
}
