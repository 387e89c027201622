import { AuthPage } from './AuthPage';
import { authTexts } from './texts';

/** The empty testing page of docs/product.md, "Screens and routes"; its heading is for screen readers only. */
export function WelcomePage() {
  return <AuthPage heading={authTexts.welcome.heading} headingHidden />;
}
