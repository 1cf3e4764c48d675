import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AMPEL_STATE_COLOR, type AmpelState, ampelTextKeys } from '@/lib/ampel';

/** The ampel as a large coloured panel with its colour and meaning in words (never colour alone). */
export function AmpelPanel({ state }: { state: AmpelState }) {
  const { t } = useTranslation();
  const keys = ampelTextKeys(state);
  const color = AMPEL_STATE_COLOR[state];
  const label = t(keys.label);
  const meaning = t(keys.meaning);
  return (
    <Paper
      radius="md"
      p="md"
      bg={state === 'none' ? 'gray.1' : `${color}.${color === 'dark' ? 7 : 6}`}
      c={state === 'none' ? 'dark' : 'white'}
      role="status"
      aria-label={t('qr.public.ampelLabel', { label, meaning })}
      data-testid="public-ampel"
      data-ampel={state}
    >
      <Group gap="md" wrap="nowrap">
        <Box
          w={44}
          h={44}
          style={{
            borderRadius: '50%',
            flex: 'none',
            background: state === 'none' ? 'var(--mantine-color-gray-4)' : 'rgba(255,255,255,0.25)',
            border: '3px solid rgba(255,255,255,0.9)',
          }}
        />
        <Stack gap={0}>
          <Text size="xs" tt="uppercase" fw={700} style={{ letterSpacing: 0.5, opacity: 0.9 }}>
            {t('qr.public.ampel')}: {label}
          </Text>
          <Text fw={700} size="xl" lh={1.25}>
            {meaning}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
