import { sv } from '../../ui/text/sv';
import { AuthPage } from './AuthPage';

/** The empty testing page of docs/product.md, "Screens and routes"; its heading is for screen readers only. */
export function WelcomePage() {
  return <AuthPage heading={sv.welcome.heading} headingHidden />;
}
