import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Import } from '#contract/imports';
import { importTexts } from '../../texts';
import { type UploadFile, uploadImportFile } from '../../upload';
import { ImportFileForm } from './ImportFileForm';

interface ImportFileDialogProps {
  organizationId: number;
  /** Replace mode ("Läs in ny fil"): the import whose file is replaced; type and price list stay. */
  replacing?: Import;
  onUploaded: (importObject: Import | null) => void;
  /** The transport; tests pass their own. */
  upload?: UploadFile;
}

/**
 * The dialog "Läs in fil" (or "Läs in ny fil"). While the file uploads it cannot be dismissed in
 * any way (docs/product.md, "Imports: types, statuses, flow", point 6); react-aria traps the focus and returns it on close.
 */
export function ImportFileDialog({
  organizationId,
  replacing,
  onUploaded,
  upload = uploadImportFile,
}: ImportFileDialogProps) {
  const [isOpen, setOpen] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const title = replacing ? importTexts.readNewFile : importTexts.readFile;

  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={(open) => (open || !isUploading) && setOpen(open)}>
      <Button className={replacing ? 'button secondary' : 'button'}>{title}</Button>
      <ModalOverlay
        className="modal-overlay"
        isDismissable={!isUploading}
        isKeyboardDismissDisabled={isUploading}
      >
        <Modal className="modal">
          <Dialog className="import-dialog">
            <Heading slot="title">{title}</Heading>
            <ImportFileForm
              organizationId={organizationId}
              replacing={replacing}
              upload={upload}
              onUploadingChange={setUploading}
              onCancel={() => setOpen(false)}
              onUploaded={(importObject) => {
                setUploading(false);
                setOpen(false);
                onUploaded(importObject);
              }}
            />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
