import { describe, expect, it } from 'vitest';
import { pageOffsets } from './paging';

describe('the page buttons of an offset-paged table', () => {
  it('offers none with a single page, however full', () => {
    expect(pageOffsets(0, 20, 0)).toEqual({});
    expect(pageOffsets(0, 20, 7)).toEqual({});
    expect(pageOffsets(0, 20, 20)).toEqual({});
  });

  it('leads on from the first page and back from the last', () => {
    expect(pageOffsets(0, 20, 21)).toEqual({ next: 20 });
    expect(pageOffsets(20, 20, 50)).toEqual({ previous: 0, next: 40 });
    expect(pageOffsets(40, 20, 50)).toEqual({ previous: 20 });
    expect(pageOffsets(20, 20, 40)).toEqual({ previous: 0 });
  });

  it('never leads before the first row', () => {
    expect(pageOffsets(10, 20, 50)).toEqual({ previous: 0, next: 30 });
  });
});
