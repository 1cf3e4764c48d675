import { Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../page-header';

/** The frame of a form screen: title, the way back, the screen's own buttons, and a readable width. */
export function EditorPage({
  title,
  description,
  back,
  actions,
  maw = 960,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The 'Zurück' button (a list, the record's page). */
  back?: { to: string; label?: string };
  actions?: ReactNode;
  maw?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={maw}>
      <PageHeader
        title={title}
        description={description}
        actions={
          back || actions ? (
            <>
              {back ? (
                <Button component={Link} to={back.to} variant="default" leftSection={<IconArrowLeft size={16} />}>
                  {back.label ?? t('common.actions.back')}
                </Button>
              ) : null}
              {actions}
            </>
          ) : undefined
        }
      />
      {children}
    </Stack>
  );
}
