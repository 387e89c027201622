import { formatDateTime } from './format';

/**
 * A date and time as formatDateTime writes it ("2026-05-04 13:45"), in a narrow column broken
 * only at the space between them: Chromium would break "2026-05-04" after a hyphen otherwise.
 */
export function DateTime({ iso }: { iso: string | null | undefined }) {
  const [date, ...rest] = formatDateTime(iso).split(' ');
  return (
    <>
      <span className="nowrap">{date}</span>
      {rest.length > 0 && (
        <>
          {' '}
          <span className="nowrap">{rest.join(' ')}</span>
        </>
      )}
    </>
  );
}
