import { type ReactNode, useId, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { errorTextOf } from './errorText';

/** An `onConfirm` that makes a call: null when it went through, else the refusal's text (or `fallback`). */
export const confirmCall =
  (call: () => PromiseLike<unknown>, fallback: string) => async (): Promise<string | null> => {
    try {
      await call();
      return null;
    } catch (error) {
      return errorTextOf(error, fallback);
    }
  };

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: { label: string; className: string; describedBy?: string | undefined; isDisabled?: boolean };
  heading: string;
  /** What is asked about: the dialog's description. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** While the action runs: nothing can be pressed and the dialog cannot be dismissed. */
  isBusy: boolean;
  /** Does the action; a message to show in the dialog when it failed, or null to close it. */
  onConfirm: () => Promise<string | null>;
  /** After the dialog has closed on success. */
  onConfirmed?: () => void;
}

/**
 * A question before a step that cannot be taken back ("Radera", a risky "Läs in"): an alert
 * dialog whose safe choice has the focus, so Enter alone never takes the step, and whose
 * confirming button has the danger style. Focus is trapped inside and returns to the trigger.
 */
export function ConfirmDialog({
  trigger,
  heading,
  children,
  cancelLabel,
  confirmLabel,
  isBusy,
  onConfirm,
  onConfirmed,
}: ConfirmDialogProps) {
  const descriptionId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <DialogTrigger onOpenChange={() => setFailure(null)}>
      <Button
        className={trigger.className}
        aria-describedby={trigger.describedBy}
        isDisabled={trigger.isDisabled ?? false}
      >
        {trigger.label}
      </Button>
      <ModalOverlay className="modal-overlay" isDismissable={!isBusy} isKeyboardDismissDisabled={isBusy}>
        <Modal className="modal modal--small">
          <Dialog role="alertdialog" className="import-dialog" aria-describedby={descriptionId}>
            {({ close }) => (
              <>
                <Heading slot="title">{heading}</Heading>
                <div id={descriptionId}>{children}</div>
                {failure && (
                  <p className="banner error" role="alert">
                    {failure}
                  </p>
                )}
                <div className="button-row">
                  <Button className="button secondary" onPress={close} isDisabled={isBusy} autoFocus>
                    {cancelLabel}
                  </Button>
                  <Button
                    className="button danger"
                    isDisabled={isBusy}
                    onPress={async () => {
                      const failed = await onConfirm();
                      if (failed !== null) {
                        setFailure(failed);
                        return;
                      }
                      close();
                      onConfirmed?.();
                    }}
                  >
                    {confirmLabel}
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
