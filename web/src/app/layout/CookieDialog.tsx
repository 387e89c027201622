import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { sv } from '../../ui/text/sv';

/** "Hantering av kakor": a modal dialog (focus trapped and given back; Escape and "Stäng" close it). */
export function CookieDialog() {
  const text = sv.footer;
  return (
    <DialogTrigger>
      <Button className="footer-link-button">{text.cookies}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal">
          <Dialog className="dialog">
            {({ close }) => (
              <>
                <Heading slot="title">{text.cookies}</Heading>
                <p>{text.cookiesIntro}</p>
                <p>{text.cookiesNoTracking}</p>
                <p>{text.cookiesConsent}</p>
                <div className="dialog-actions">
                  <Button onPress={close}>{text.close}</Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
