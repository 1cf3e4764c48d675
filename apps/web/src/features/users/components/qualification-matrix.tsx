import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { QualificationMatrix } from '@pruefbuch/domain/schemas/qualification';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQualificationMatrix } from '../api/get-qualification-matrix';
import { labelOf } from '../lookup-options';
import { STATE_COLOR, stateText } from './qualifications-section';

const count = (m: QualificationMatrix, state: 'expiring' | 'expired') =>
  m.people.reduce((n, p) => n + Object.values(p.cells).filter((c) => c?.state === state).length, 0);

/** The admins' matrix of staff × qualification kinds (decision 055): each cell the validity, coloured by its state. */
export function QualificationMatrixView() {
  const { t } = useTranslation();
  const matrix = useQualificationMatrix();
  const m = matrix.data;
  if (!m) return <Text c="dimmed">{matrix.isError ? t('errors.INTERNAL') : '…'}</Text>;
  const expiring = count(m, 'expiring');
  const expired = count(m, 'expired');
  return (
    <Stack gap="sm" data-testid="qualification-matrix">
      <Text size="sm" c="dimmed">
        {t('users.qualifications.matrix.intro')}
      </Text>
      {expiring + expired > 0 ? (
        <Alert color={expired ? 'red' : 'yellow'} icon={<IconAlertTriangle size={18} />} p="xs">
          <Group gap="md">
            {expired ? (
              <Text size="sm">{t('users.qualifications.matrix.expiredCount', { count: expired })}</Text>
            ) : null}
            {expiring ? (
              <Text size="sm">{t('users.qualifications.matrix.expiringCount', { count: expiring })}</Text>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.qualifications.matrix.person')}</Table.Th>
                {m.kinds.map((k) => (
                  <Table.Th key={k} title={t(`users.qualifications.kinds.${k}`)}>
                    {t(`users.qualifications.kindsShort.${k}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {m.people.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={m.kinds.length + 1}>{t('users.qualifications.matrix.empty')}</Table.Td>
                </Table.Tr>
              ) : null}
              {m.people.map((p) => (
                <Table.Tr key={p._id} data-testid={`matrix-row-${p._id}`}>
                  <Table.Td>
                    <Anchor component={Link} to={screenPath('useradministration', { slug: p._id })} size="sm">
                      {`${p.lastName}, ${p.firstName}`}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {labelOf(t, 'roles', p.role)}
                    </Text>
                  </Table.Td>
                  {m.kinds.map((k) => {
                    const cell = p.cells[k];
                    return (
                      <Table.Td key={k}>
                        {cell ? (
                          <Badge color={STATE_COLOR[cell.state]} variant="light" tt="none" data-state={cell.state}>
                            {stateText(t, cell)}
                          </Badge>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {t('users.qualifications.matrix.none')}
                          </Text>
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
