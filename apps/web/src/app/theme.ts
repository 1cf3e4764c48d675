import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji"',
  headings: { fontWeight: '650' },
  components: {
    Table: { defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } },
  },
});
