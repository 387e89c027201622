import type { Import } from '#contract/imports';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { useDeleteImportMutation } from '../../api/importListApi';
import { errorMessageOf } from '../../errorMessage';
import { importTexts } from '../../texts';

interface DeleteImportDialogProps {
  organizationId: number;
  /** The import to delete: the dialog names its file and price list. */
  item: Pick<Import, 'id' | 'fileName' | 'metadata'>;
  /** Extra description for the trigger, e.g. the card's file name. */
  describedBy?: string;
  /** With the sentence that says what was deleted, for the page to show and focus. */
  onDeleted: (note: string) => void;
}

/**
 * "Radera" with the confirmation of docs/product.md, "Texts": "Nej" keeps the import, "Ja, Radera" (in
 * the danger style) removes it. The dialog says which file of which price list goes.
 */
export function DeleteImportDialog({
  organizationId,
  item,
  describedBy,
  onDeleted,
}: DeleteImportDialogProps) {
  const [deleteImport, { isLoading }] = useDeleteImportMutation();
  return (
    <ConfirmDialog
      trigger={{ label: importTexts.delete, className: 'button secondary', describedBy }}
      heading={importTexts.deleteQuestion}
      cancelLabel={importTexts.no}
      confirmLabel={importTexts.yesDelete}
      isBusy={isLoading}
      onConfirm={async () => {
        const result = await deleteImport({ organizationId, importId: item.id });
        return 'error' in result ? errorMessageOf(result.error) : null;
      }}
      onConfirmed={() =>
        onDeleted(importTexts.deleted(item.fileName, item.metadata.number ?? String(item.metadata.id)))
      }
    >
      <p>{importTexts.deleteWhat(item.fileName, item.metadata.number ?? String(item.metadata.id))}</p>
    </ConfirmDialog>
  );
}
