import { useEffect, useRef } from 'react';

interface FocusedMessageProps {
  /** What the user's last step did, said in place of the control that did it. */
  children: string;
}

/**
 * A success message that takes the focus when it appears, so the focus never falls to the body
 * when the control that caused it goes away ("Ja, ångra" closes its dialog and "Ångra inläsning"
 * gives way to this). It focuses itself rather than waiting to be found: the page may have
 * re-rendered on fresh data, and removed the control, before the step's own answer came back.
 */
export function FocusedMessage({ children }: FocusedMessageProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // After a closing dialog has tried to give the focus back to its trigger, which is gone.
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p ref={ref} className="banner success" role="status" tabIndex={-1}>
      {children}
    </p>
  );
}
