import type { FileSheet, SavedMappingMismatch } from '#contract';
import { matchKey } from '#contract/columnMapping';
import type { SavedMappingOption } from './types';

/** Headers named on each side: a file of a hundred new columns is not listed whole. */
export const MAX_MISMATCH_HEADERS = 20;

/** A saved mapping for a sheet of the file's name, and how the sheet's headers differ from its. */
export interface SavedFit {
  saved: SavedMappingOption;
  mismatch: SavedMappingMismatch;
}

/**
 * The organisation's saved mapping for a sheet of this name that fits it best: the one whose
 * headers differ least from the sheet's (the latest used of equals); undefined when none was
 * saved for a sheet of this name. Headers are compared loosely, as a saved mapping is found.
 */
export function bestSavedFit(
  sheet: FileSheet,
  saved: readonly SavedMappingOption[] | undefined,
): SavedFit | undefined {
  let best: SavedFit | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const option of saved ?? []) {
    if (matchKey(option.choice.sheet) !== matchKey(sheet.name)) continue;
    const mismatch = mismatchOf(sheet, option);
    const distance = mismatch.missingHeaders.length + mismatch.newHeaders.length;
    if (distance < bestDistance) [best, bestDistance] = [{ saved: option, mismatch }, distance];
  }
  return best;
}

/** The headers the mapping was saved with that the sheet no longer has, and the sheet's new ones. */
function mismatchOf(sheet: FileSheet, option: SavedMappingOption): SavedMappingMismatch {
  const inFile = new Set(sheet.columns.map((column) => matchKey(column.header)));
  // The key holds every saved header, loosely; the headers as written come with newer options.
  const savedKeys = new Set(headerKeysOf(option.key));
  const written = option.headers ?? Object.values(option.choice.columns).map((column) => column.header);
  return {
    sheet: sheet.name,
    missingHeaders: distinct(written.filter((header) => !inFile.has(matchKey(header)))),
    newHeaders: distinct(
      sheet.columns.map((c) => c.header).filter((header) => !savedKeys.has(matchKey(header))),
    ),
  };
}

/** The loosely compared header names of a saved mapping's key (headerSetKey). */
function headerKeysOf(key: string): string[] {
  try {
    const [, names] = JSON.parse(key) as [string, string[]];
    return Array.isArray(names) ? names : [];
  } catch {
    return [];
  }
}

/** Each header once (as first written), without empty ones, at most MAX_MISMATCH_HEADERS. */
function distinct(headers: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const header of headers) {
    const key = matchKey(header);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(header);
  }
  return kept.slice(0, MAX_MISMATCH_HEADERS);
}
