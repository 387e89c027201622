import { sv } from '../../ui/text/sv';
import { MessagePage } from './MessagePage';

/** Shown instead of a page the user's role does not allow, so the page's own calls are never made. */
export function NoPermissionPage() {
  return <MessagePage heading={sv.pages.noPermissionHeading} text={sv.pages.noPermissionText} />;
}
