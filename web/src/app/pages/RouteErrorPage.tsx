import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Footer } from '../../ui/Footer';
import { sv } from '../../ui/text/sv';
import { usePageTitle } from '../../ui/usePageTitle';
import { NotFoundPage } from './NotFoundPage';
import '../../features/auth/auth.css';

/**
 * What a route shows when it fails to render or to load (a new version deployed under an open
 * tab, say): a Swedish page that offers a reload, never the router's English developer page.
 * `standalone` when the shell itself is gone: then the page brings its own frame.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const content = notFound ? <NotFoundPage /> : <RenderError />;
  if (!standalone) return content;
  return (
    <>
      <header className="auth-header">
        <p className="auth-service-name">{sv.app.name}</p>
      </header>
      <main id="main">{content}</main>
      <Footer />
    </>
  );
}

function RenderError() {
  const text = sv.pages;
  usePageTitle(text.errorHeading);
  return (
    <>
      <h1 tabIndex={-1}>{text.errorHeading}</h1>
      <p>{text.errorText}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          {text.reload}
        </button>
      </p>
    </>
  );
}
