import { useId, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Import } from '../../../../../contract/imports';
import { sv } from '../../../ui/text/sv';
import { useDeleteImportMutation } from '../api';
import { errorMessageOf } from '../errorMessage';

interface DeleteImportDialogProps {
  organizationId: number;
  /** The import to delete: the dialog names its file and price list. */
  item: Pick<Import, 'id' | 'fileName' | 'metadata'>;
  /** Extra description for the trigger, e.g. the card's file name. */
  describedBy?: string;
  onDeleted: () => void;
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
  const importId = item.id;
  const whatId = useId();
  const [deleteImport, { isLoading }] = useDeleteImportMutation();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <DialogTrigger onOpenChange={() => setFailure(null)}>
      <Button className="button secondary" aria-describedby={describedBy}>
        {sv.imports.delete}
      </Button>
      <ModalOverlay
        className="modal-overlay"
        isDismissable={!isLoading}
        isKeyboardDismissDisabled={isLoading}
      >
        <Modal className="modal modal--small">
          <Dialog role="alertdialog" className="import-dialog" aria-describedby={whatId}>
            {({ close }) => (
              <>
                <Heading slot="title">{sv.imports.deleteQuestion}</Heading>
                <p id={whatId}>
                  {sv.imports.deleteWhat(item.fileName, item.metadata.number ?? String(item.metadata.id))}
                </p>
                {failure && (
                  <p className="banner error" role="alert">
                    {failure}
                  </p>
                )}
                <div className="button-row">
                  <Button className="button secondary" onPress={close} isDisabled={isLoading} autoFocus>
                    {sv.imports.no}
                  </Button>
                  <Button
                    className="button danger"
                    isDisabled={isLoading}
                    onPress={async () => {
                      const result = await deleteImport({ organizationId, importId });
                      if ('error' in result) setFailure(errorMessageOf(result.error));
                      else {
                        close();
                        onDeleted();
                      }
                    }}
                  >
                    {sv.imports.yesDelete}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
