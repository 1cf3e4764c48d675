import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { TFunction } from 'i18next';

/** The app theme; labels that Mantine renders itself (close and show-password buttons) follow the language. */
export function buildTheme(t: TFunction): MantineThemeOverride {
  const close = { 'aria-label': t('common.actions.close') };
  return createTheme({
    primaryColor: 'blue',
    defaultRadius: 'md',
    // Transitions of dialogs, menus and popovers are left out for whoever asks their system for less motion.
    respectReducedMotion: true,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji"',
    headings: { fontWeight: '650' },
    components: {
      // A badge is a short word or date: it never shrinks below its text (narrow table columns cut it to 'Gewart…').
      Badge: { styles: { root: { flexShrink: 0, minWidth: 'max-content' } } },
      Table: { defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } },
      // A table wider than the screen shows its scrollbar whenever it scrolls, not only under a mouse: on a
      // phone it is the one hint that there are more columns.
      TableScrollContainer: { defaultProps: { scrollAreaProps: { type: 'auto', scrollbarSize: 6 } } },
      PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.showPassword') } } },
      Modal: { defaultProps: { closeButtonProps: close } },
      Drawer: { defaultProps: { closeButtonProps: close } },
      Notification: { defaultProps: { closeButtonProps: close } },
      MultiSelect: { defaultProps: { clearButtonProps: close } },
      Select: { defaultProps: { clearButtonProps: close } },
    },
  });
}
