import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is at least `from` wide (a Mantine breakpoint in em: 36em sm, 48em md, 62em lg),
 * known at the first render, so that a layout chosen by it does not jump once the page has drawn.
 */
export const useWide = (from: '36em' | '48em' | '62em' = '48em') =>
  useMediaQuery(`(min-width: ${from})`, true, { getInitialValueInEffect: false });
