import { modals } from '@mantine/modals';
import { openModalWhenReady } from '@/components/ui/dialogs';
import { i18n } from '@/lib/i18n';
import { ExportFileDialog } from './components/export-file-dialog';

const MODAL = 'export-file';

/** Opens the dialog that fetches the inspection file at `path` (below /api/v1) or follows its background job. */
export function openExportDialog(tenantId: string, path: string, title: string) {
  openModalWhenReady({
    modalId: MODAL,
    title,
    children: (
      <ExportFileDialog
        tenantId={tenantId}
        path={path}
        fallbackName={`${i18n.t('exports.file.name')}.zip`}
        onClose={() => modals.close(MODAL)}
      />
    ),
  });
}
