import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Section {
  heading: string;
  body: string;
}

/** A static legal page from the legal namespace: title, intro and sections. */
export function LegalText({ page }: { page: 'privacy' | 'imprint' }) {
  const { t } = useTranslation();
  const sections = t(`legal.${page}.sections`, { returnObjects: true }) as unknown as Section[];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={820} mx="auto">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t(`legal.${page}.title`)}</Title>
          <Text c="dimmed" mt="xs">
            {t(`legal.${page}.intro`)}
          </Text>
        </div>
        {Array.isArray(sections)
          ? sections.map((section) => (
              <section key={section.heading}>
                <Title order={3} mb={6}>
                  {section.heading}
                </Title>
                <Text>{section.body}</Text>
              </section>
            ))
          : null}
      </Stack>
    </Paper>
  );
}
