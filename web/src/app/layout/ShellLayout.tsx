import { lazy, Suspense } from 'react';
import { sv } from '../../ui/text/sv';

const Shell = lazy(() => import('./Shell').then((module) => ({ default: module.Shell })));

/**
 * The shell around signed-in pages: header, breadcrumb, main content and footer. The shell's
 * code is its own chunk, so the login page's JavaScript stays small (docs/product.md, "Targets").
 * While it loads, "Laddar …" shows in a status region, so a screen reader hears that the page is on its way.
 */
export function ShellLayout() {
  return (
    <Suspense
      fallback={
        <p className="shell-loading" role="status">
          {sv.app.loading}
        </p>
      }
    >
      <Shell />
    </Suspense>
  );
}
