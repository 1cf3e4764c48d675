import { Anchor, Group, Paper, ScrollArea, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

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
      // The sticky header and section nav must not cover the section's title after a jump.
      style={{ scrollMarginTop: 120 }}
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <Stack gap="md">
        <Title order={3} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Links to the sections of a long form, kept in view under the header; scrolls sideways on phones. */
export function SectionNav({ sections, label }: { sections: readonly { id: string; title: string }[]; label: string }) {
  return (
    <Paper
      component="nav"
      aria-label={label}
      withBorder
      radius="md"
      px="sm"
      py={6}
      pos="sticky"
      top={64}
      style={{ zIndex: 5 }}
    >
      <ScrollArea type="never" scrollbars="x">
        <Group gap="md" wrap="nowrap">
          {sections.map((section) => (
            <Anchor key={section.id} href={`#${section.id}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {section.title}
            </Anchor>
          ))}
        </Group>
      </ScrollArea>
    </Paper>
  );
}
