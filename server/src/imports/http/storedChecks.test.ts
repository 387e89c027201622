import { describe, expect, it } from 'vitest';
import { loopingOle2 } from '../../../../test-support/adversarialWorkbooks';
import { headers, passwordProtectedXls, sheetjsWorkbook, validRow } from '../../../../test-support/workbooks';
import { checkOfficeContainer } from '../../lib/xlsx';
import { checkStoredFormat } from './storedChecks';

/**
 * The upload's checks read a stored file from a short head and blocks loaded as they are asked
 * for; with the head cut to its first sector, every other block comes through `read`.
 */
function stored(file: Buffer) {
  const reads: number[] = [];
  return {
    reads,
    bytes: {
      size: file.length,
      head: file.subarray(0, 512),
      read: async (offset: number, length: number) => {
        reads.push(offset);
        return file.subarray(offset, offset + length);
      },
    },
  };
}

/** What the upload answers: nothing (taken) or the 415's text. */
const answerOf = (file: Buffer, fileName: string) =>
  checkStoredFormat(stored(file).bytes, fileName).then(
    () => 'taken',
    (error: Error) => error.message,
  );

describe('the format checks on a stored file', () => {
  const many = [headers, ...Array.from({ length: 200 }, (_, i) => validRow(`HMD-${i + 1}`))];

  it('answers as the check of the whole file in memory does', async () => {
    const encrypted = passwordProtectedXls(many);
    const plain = sheetjsWorkbook({ Prislista: many }, 'biff8');
    const looping = loopingOle2(4 * 1024 * 1024);
    expect([encrypted, plain, looping].map((file) => checkOfficeContainer(file))).toEqual([
      'encrypted',
      'other',
      'broken',
    ]);
    expect(await answerOf(encrypted, 'prislista.xls')).toBe(
      'Filen är lösenordsskyddad. Spara den utan lösenord och läs in den igen.',
    );
    expect(await answerOf(plain, 'prislista.xls')).toBe('taken');
    expect(await answerOf(looping, 'prislista.xls')).toBe(
      'Filen kan inte läsas: den är inte en giltig Excel 97–2003-arbetsbok (.xls).',
    );
  });

  it('reads a few blocks of a large container, not the file', async () => {
    const looping = stored(loopingOle2());
    await checkStoredFormat(looping.bytes, 'prislista.xls').catch(() => {});
    expect(looping.reads.length).toBeGreaterThan(0);
    expect(looping.reads.length).toBeLessThan(10);
  });
});
