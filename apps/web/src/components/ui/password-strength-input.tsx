import { Box, Group, PasswordInput, type PasswordInputProps, Progress, Text } from '@mantine/core';
import { PASSWORD_MIN } from '@pruefbuch/domain/constants';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const HINTS = [
  { key: 'number', re: /[0-9]/ },
  { key: 'lowercase', re: /[a-zäöüß]/ },
  { key: 'uppercase', re: /[A-ZÄÖÜ]/ },
  { key: 'special', re: /[^A-Za-z0-9äöüßÄÖÜ\s]/ },
] as const;

/** 0–100: full marks when the minimum length is met and every hint holds (Mantine's strength-meter example). */
export function passwordStrength(password: string): number {
  if (!password) return 0;
  let misses = password.length >= PASSWORD_MIN ? 0 : 1;
  for (const hint of HINTS) if (!hint.re.test(password)) misses += 1;
  return Math.max(100 - (100 / (HINTS.length + 1)) * misses, 10);
}

function Requirement({ meets, label }: { meets: boolean; label: string }) {
  return (
    <Text
      c={meets ? 'teal' : 'dimmed'}
      size="xs"
      component="li"
      style={{ display: 'flex', alignItems: 'center', gap: 6 }}
    >
      {meets ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
      {label}
    </Text>
  );
}

/** A new-password input with a strength meter and the hints it is measured by. */
export function PasswordStrengthInput(props: PasswordInputProps & { value: string }) {
  const { t } = useTranslation();
  const value = props.value ?? '';
  const strength = passwordStrength(value);
  const color = strength === 100 ? 'teal' : strength > 50 ? 'yellow' : 'red';
  const level = strength === 100 ? 'strong' : strength > 50 ? 'medium' : 'weak';
  return (
    <Box>
      <PasswordInput {...props} />
      <Group justify="space-between" mt={8} mb={4} gap="xs">
        <Text size="xs" c="dimmed">
          {t('auth.strength.label')}
        </Text>
        {value ? (
          <Text size="xs" c={color} fw={500} data-testid="password-strength-level">
            {t(`auth.strength.${level}`)}
          </Text>
        ) : null}
      </Group>
      <Progress
        value={strength}
        color={color}
        size="sm"
        aria-label={t('auth.strength.label')}
        transitionDuration={200}
      />
      <Box component="ul" m={0} mt={8} p={0} style={{ listStyle: 'none', display: 'grid', gap: 2 }}>
        <Requirement
          meets={value.trim().length >= PASSWORD_MIN}
          label={t('auth.strength.length', { min: PASSWORD_MIN })}
        />
        {HINTS.map((hint) => (
          <Requirement key={hint.key} meets={hint.re.test(value)} label={t(`auth.strength.${hint.key}`)} />
        ))}
      </Box>
    </Box>
  );
}
