import type { ImportStatus } from '#contract/domain';
import { Tag, type TagTone } from './Tag';

const tones: Record<ImportStatus, TagTone> = {
  VALIDATION_PENDING: 'pending',
  VALIDATION_SUCCESS: 'success',
  VALIDATION_FAIL: 'error',
  VALIDATION_ERROR: 'error',
  IMPORT_PENDING: 'pending',
  IMPORT_SUCCESS: 'success',
  IMPORT_FAIL: 'error',
  IMPORT_ERROR: 'error',
  IMPORT_ABORTED: 'neutral',
};

/** An import's status as a tag; an undone import is applied and taken back: neither a success nor an error. */
export function StatusTag({
  status,
  label,
  undone,
}: {
  status: ImportStatus;
  label: string;
  undone?: boolean;
}) {
  return <Tag tone={undone ? 'neutral' : tones[status]} label={label} />;
}
