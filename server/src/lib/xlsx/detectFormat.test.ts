import { describe, expect, it } from 'vitest';
import { loopingOle2 } from '../../../../test-support/adversarialWorkbooks';
import { checkOfficeContainer, sectorChain } from './detectFormat';

const END_OF_CHAIN = 0xfffffffe;

describe('sectorChain', () => {
  it('follows a chain to its end', () => {
    const next = [1, 2, END_OF_CHAIN];
    expect(sectorChain(0, (sector) => next[sector]!, 100, 100)).toEqual([0, 1, 2]);
  });

  it("answers 'loop' for a chain that comes back to a sector it passed", () => {
    expect(sectorChain(5, (sector) => sector, 100, 100)).toBe('loop');
    expect(sectorChain(0, (sector) => (sector + 1) % 3, 100, 100)).toBe('loop');
  });

  it('stops after `limit` sectors, and at a number past the file', () => {
    let steps = 0;
    const chain = sectorChain(
      0,
      (sector) => {
        steps++;
        return sector + 1;
      },
      1_000_000,
      64,
    );
    expect(chain).toHaveLength(64);
    expect(steps).toBeLessThanOrEqual(64);
    expect(sectorChain(0, () => 7, 5, 100)).toEqual([0]);
  });
});

describe('checkOfficeContainer', () => {
  it("calls a 24 MB container whose DIFAT and directory chains loop 'broken'", () => {
    expect(checkOfficeContainer(loopingOle2())).toBe('broken');
  });

  it('reads a few hundred numbers of it, not some per sector of the file', () => {
    const file = loopingOle2();
    let reads = 0;
    // Counts the reads through the DataView the check makes over the file.
    const { getUint32, getUint16, getUint8 } = DataView.prototype;
    const spy = <T extends (this: DataView, offset: number, ...rest: boolean[]) => number>(read: T) =>
      function (this: DataView, offset: number, littleEndian?: boolean) {
        reads++;
        return read.call(this, offset, littleEndian ?? false);
      };
    DataView.prototype.getUint32 = spy(getUint32);
    DataView.prototype.getUint16 = spy(getUint16);
    DataView.prototype.getUint8 = spy(getUint8);
    try {
      checkOfficeContainer(file);
    } finally {
      Object.assign(DataView.prototype, { getUint32, getUint16, getUint8 });
    }
    expect(reads).toBeLessThan(1000);
  });
});
