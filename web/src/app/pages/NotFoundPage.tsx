import { sv } from '../../ui/text/sv';
import { MessagePage } from './MessagePage';

/** Every path no route knows, inside the shell: a Swedish page with a way on, never the router's own. */
export function NotFoundPage() {
  return <MessagePage heading={sv.pages.notFoundHeading} text={sv.pages.notFoundText} />;
}
