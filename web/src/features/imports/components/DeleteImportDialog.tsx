import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { sv } from '../../../ui/text/sv';
import { useDeleteImportMutation } from '../api';
import { errorMessageOf } from '../errorMessage';

interface DeleteImportDialogProps {
  organizationId: number;
  importId: number;
  /** Extra description for the trigger, e.g. the card's file name. */
  describedBy?: string;
  onDeleted: () => void;
}

/** "Radera" with the confirmation of specification §8: "Nej" keeps the import, "Ja, Radera" removes it. */
export function DeleteImportDialog({
  organizationId,
  importId,
  describedBy,
  onDeleted,
}: DeleteImportDialogProps) {
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
          <Dialog role="alertdialog" className="import-dialog">
            {({ close }) => (
              <>
                <Heading slot="title">{sv.imports.deleteQuestion}</Heading>
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
                    className="button"
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
