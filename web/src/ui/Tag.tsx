export type TagTone = 'success' | 'error' | 'pending' | 'neutral';

/**
 * A status as a tag: its text always, a colour and a sign beside it (never colour alone, WCAG
 * 1.4.1). The sign is decoration: the text says it all.
 */
export function Tag({ tone, label }: { tone: TagTone; label: string }) {
  return (
    <span className={`status-tag status-tag--${tone}`} data-tone={tone}>
      <span className="status-tag__sign" aria-hidden="true" />
      {label}
    </span>
  );
}
