import type { Import } from '#contract/imports';
import { useUndoImportMutation } from '../api/undoImport';
import { ConfirmDialog, confirmCall } from './ConfirmDialog';
import { sv } from './text/sv';

interface UndoImportDialogProps {
  organizationId: number;
  item: Pick<Import, 'id' | 'fileName' | 'metadata'>;
  onUndone?: () => void;
}

/**
 * "Ångra inläsning" on a price list's latest applied import (its summary, its price list's
 * history): the dialog says what happens to the price list and asks for an explicit "Ja, ångra".
 * A refusal (the list has changed since) is shown in the dialog in the server's words.
 */
export function UndoImportDialog({ organizationId, item, onUndone }: UndoImportDialogProps) {
  const [undoImport, { isLoading }] = useUndoImportMutation();
  const texts = sv.undoImport;
  return (
    <ConfirmDialog
      trigger={{ label: texts.action, className: 'button secondary' }}
      heading={texts.dialogHeading}
      cancelLabel={sv.app.cancel}
      confirmLabel={texts.yes}
      isBusy={isLoading}
      onConfirm={confirmCall(
        () => undoImport({ organizationId, importId: item.id }).unwrap(),
        sv.app.actionFailed,
      )}
      {...(onUndone ? { onConfirmed: onUndone } : {})}
    >
      <p>{texts.dialogWhat(item.fileName, item.metadata.number ?? String(item.metadata.id))}</p>
      <p>{texts.dialogNote}</p>
    </ConfirmDialog>
  );
}
