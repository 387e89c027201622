import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { sv } from './text/sv';

/**
 * What a page of things made with a secret shown once does (API keys, webhook endpoints): the
 * one just made, whose secret is shown until the user is done with it, and the one just removed,
 * whose notice takes the focus, since the row or card with its button is gone.
 */
export function useCreateAndList<Made, Removed>() {
  const [created, setCreated] = useState<Made | null>(null);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!removed) return;
    // After the dialog has closed and tried to give the focus back to a button that is going.
    const timer = setTimeout(() => notice.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [removed]);

  return {
    created,
    removed,
    notice,
    listHeading,
    /** A new one: its secret is shown, and an earlier removal's notice goes. */
    made: useCallback((made: Made) => {
      setRemoved(null);
      setCreated(made);
    }, []),
    /** Removed: its notice takes the focus, and its secret goes if it was the one shown. */
    gone: (gone: Removed, isShown: (shown: Made) => boolean) => {
      setCreated((shown) => (shown && isShown(shown) ? null : shown));
      setRemoved(gone);
    },
    /** The user has kept the secret: the focus goes to the list, where the new one is. */
    secretDone: useCallback(() => {
      setCreated(null);
      listHeading.current?.focus();
    }, []),
  };
}

interface CreateAndListProps<Made, Removed> {
  /** Makes the sections' heading ids. */
  idPrefix: string;
  texts: { createHeading: string; listHeading: string; loadFailed: string; none: string };
  /** What useCreateAndList keeps: the one just made and the one just removed. */
  page: ReturnType<typeof useCreateAndList<Made, Removed>>;
  /** The secret of the one just made, shown this once. */
  secret: (made: Made) => ReactNode;
  /** The notice of the one just removed. */
  removedNotice: (removed: Removed) => string;
  noticeClassName?: string;
  form: ReactNode;
  list: { isLoading: boolean; isError: boolean; isEmpty: boolean };
  /** The list itself, when it has anything. */
  children: ReactNode;
}

/** The secret, the removal's notice, the form to make one and the list, in that order. */
export function CreateAndList<Made, Removed>({
  idPrefix,
  texts,
  page,
  secret,
  removedNotice,
  noticeClassName = '',
  form,
  list,
  children,
}: CreateAndListProps<Made, Removed>) {
  return (
    <>
      {page.created && secret(page.created)}
      {page.removed && (
        <p
          ref={page.notice}
          role="status"
          tabIndex={-1}
          className={`banner success ${noticeClassName}`.trim()}
        >
          {removedNotice(page.removed)}
        </p>
      )}
      <section aria-labelledby={`${idPrefix}-create-heading`}>
        <h2 id={`${idPrefix}-create-heading`}>{texts.createHeading}</h2>
        {form}
      </section>
      <section aria-labelledby={`${idPrefix}-list-heading`}>
        <h2 id={`${idPrefix}-list-heading`} ref={page.listHeading} tabIndex={-1}>
          {texts.listHeading}
        </h2>
        {list.isLoading && <p>{sv.app.loading}</p>}
        {list.isError && <p className="banner error">{texts.loadFailed}</p>}
        {list.isEmpty && <p>{texts.none}</p>}
        {children}
      </section>
    </>
  );
}
