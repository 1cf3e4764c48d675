import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow card the sign-in and account screens sit in. */
export function CenteredCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container size={460} px={0} py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Title order={2} mb={intro ? 'xs' : 'md'}>
          {title}
        </Title>
        {intro ? (
          <Text c="dimmed" size="sm" mb="lg">
            {intro}
          </Text>
        ) : null}
        {children}
      </Paper>
    </Container>
  );
}
