import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CorrectionDraftInput } from '#contract/correctionDrafts';
import { API_BASE_URL } from '../../api/api';
import { useGetCorrectionDraftQuery, useSaveCorrectionDraftMutation } from './api/correctionsApi';
import { type CorrectionRound, draftOf, emptyRound, roundFromDraft } from './correctionRound';

/** How long after the last change the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 600;
/** After a failed save, the next try. */
const DRAFT_RETRY_MS = 10_000;

export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'failed';

interface Ref {
  organizationId: number;
  importId: number;
  /** The signed-in user: a draft not yet on the server is kept in this tab under their id only. */
  userId: number | undefined;
}

/**
 * A draft the server has not taken yet (the network failed, or the page went away before the
 * save): kept in this tab's sessionStorage, per user and import, until a save succeeds, so a
 * reload or a sign-in after a time-out in the same tab finds it too.
 */
const unsavedKey = ({ userId, importId }: Ref) => `hmdb.correctionDraft.${userId}.${importId}`;

function readUnsaved(ref: Ref): CorrectionDraftInput | null {
  if (ref.userId === undefined) return null;
  try {
    const text = sessionStorage.getItem(unsavedKey(ref));
    return text ? (JSON.parse(text) as CorrectionDraftInput) : null;
  } catch {
    return null;
  }
}

function keepUnsaved(ref: Ref, draft: CorrectionDraftInput | null) {
  if (ref.userId === undefined) return;
  try {
    if (draft) sessionStorage.setItem(unsavedKey(ref), JSON.stringify(draft));
    else sessionStorage.removeItem(unsavedKey(ref));
  } catch {
    // Storage full or refused: the server's copy is what there is.
  }
}

const asRound = (draft: CorrectionDraftInput) =>
  roundFromDraft({ ...draft, setAll: draft.setAll ?? [], leaveOutAll: draft.leaveOutAll ?? [] });

/**
 * The round being typed on a summary, kept as a draft on the server as it is typed (decision
 * 0043): read once when the page opens, saved DRAFT_SAVE_DELAY_MS after each change by an ordinary
 * request (so typing keeps the session alive), and at once when the page goes away.
 */
export function useCorrectionDraft(ref: Ref, enabled: boolean) {
  const { organizationId, importId } = ref;
  const { data } = useGetCorrectionDraftQuery(enabled ? { organizationId, importId } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const [saveDraft] = useSaveCorrectionDraftMutation();
  const [round, setRound] = useState<CorrectionRound>(emptyRound);
  const [restored, setRestored] = useState<{ dropped: number; found: boolean } | null>(null);
  const [saveState, setSaveState] = useState<DraftSaveState>('idle');
  /** Changes not yet on the server: bumped by each change, cleared by a save of that change. */
  const [changes, setChanges] = useState(0);
  const latest = useRef({ round, changes, saved: 0, ref });
  latest.current = { ...latest.current, round, changes, ref };

  // The draft once, when it comes; a draft this tab could not save yet is newer.
  useEffect(() => {
    if (!data || restored) return;
    const unsaved = readUnsaved(latest.current.ref);
    const draft = unsaved ?? data.draft;
    if (latest.current.changes === 0 && draft) setRound(asRound(draft));
    setRestored({ dropped: data.dropped, found: draft !== null });
    if (unsaved) setChanges((n) => n + 1);
  }, [data, restored]);

  const save = useCallback(async () => {
    const { round: current, changes: upTo, ref: at } = latest.current;
    if (upTo === latest.current.saved) return;
    const draft = draftOf(current);
    setSaveState('saving');
    try {
      await saveDraft({ organizationId: at.organizationId, importId: at.importId, draft }).unwrap();
      latest.current.saved = upTo;
      keepUnsaved(at, null);
      setSaveState('saved');
    } catch {
      keepUnsaved(at, draft);
      setSaveState('failed');
    }
  }, [saveDraft]);

  useEffect(() => {
    if (changes === 0) return;
    const timer = setTimeout(() => void save(), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changes, save]);
  useEffect(() => {
    if (saveState !== 'failed') return;
    const timer = setTimeout(() => void save(), DRAFT_RETRY_MS);
    return () => clearTimeout(timer);
  }, [saveState, save]);

  // Leaving the page (another route, a reload, the tab closed) saves what the delay still holds.
  useEffect(() => {
    const flush = () => {
      const { round: current, changes: upTo, saved, ref: at } = latest.current;
      if (upTo === saved) return;
      const draft = draftOf(current);
      keepUnsaved(at, draft);
      void fetch(`${API_BASE_URL}imports/${at.organizationId}/${at.importId}/corrections/draft`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(draft),
      })
        .then((response) => {
          if (response.ok) keepUnsaved(at, null);
        })
        .catch(() => undefined);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  /** Changes the round; the draft follows a moment later. */
  const change = useCallback((next: (current: CorrectionRound) => CorrectionRound) => {
    setRound(next);
    setChanges((n) => n + 1);
  }, []);

  /** After "Validera igen" the server has ended the draft: nothing of it is kept here either. */
  const clear = useCallback(() => {
    latest.current.saved = latest.current.changes;
    keepUnsaved(latest.current.ref, null);
  }, []);

  return { round, change, restored, saveState, clear };
}
