import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { sv } from './text/sv';

/**
 * "Hantering av kakor": a modal dialog (focus trapped, and given back to the button that opened
 * it; Escape, a click outside and "Stäng" close it). Shown while it is mounted: the footer's
 * button mounts it, so react-aria loads only when someone asks for it.
 */
export function CookieDialog({ onClose }: { onClose: () => void }) {
  const text = sv.footer;
  return (
    <ModalOverlay className="modal-overlay" isDismissable isOpen onOpenChange={(open) => !open && onClose()}>
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title">{text.cookies}</Heading>
          <p>{text.cookiesIntro}</p>
          <p>{text.cookiesNoTracking}</p>
          <p>{text.cookiesConsent}</p>
          <div className="dialog-actions">
            <Button onPress={onClose}>{text.close}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
