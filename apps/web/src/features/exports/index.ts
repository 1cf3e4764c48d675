/** What other features use of the inspection file export (decision 058). */
export { openExportDialog } from './open-export-dialog';
