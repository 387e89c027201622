import { useEffect, useState } from 'react';
import { sv } from '../../ui/text/sv';

/** docs/product.md, "Constants": the reset page's loading indicator appears only after 5 s. */
export const LOADING_INDICATOR_DELAY_MS = 5_000;

/** A polite live region that says "Laddar …" once `active` has lasted the delay. */
export function DelayedLoadingIndicator({ active }: { active: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    setVisible(false);
    if (!active) return;
    const timer = setTimeout(() => setVisible(true), LOADING_INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return (
    <div role="status" className="auth-loading">
      {active && visible ? sv.app.loading : null}
    </div>
  );
}
