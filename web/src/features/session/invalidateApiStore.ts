import type { TagDescription } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api, type TagType, tagTypes } from '../../api/api';

/** The window event that asks the SPA to refetch cached data (docs/product.md, "Session"). */
export const INVALIDATE_API_STORE_EVENT = 'invalidate-api-store';

const isTagType = (value: unknown): value is TagType =>
  typeof value === 'string' && (tagTypes as readonly string[]).includes(value);

/**
 * Reads the event's `detail`: one tag name (`'Imports'`), an array of tag names
 * (`['Imports', 'Dashboard']`), or tag objects (`{ type: 'Import', id: 42 }`) in such an array.
 * Names are the api's tag types, compared exactly; anything else is ignored.
 */
export function tagsFromDetail(detail: unknown): TagDescription<TagType>[] {
  const items = Array.isArray(detail) ? detail : [detail];
  return items.flatMap((item): TagDescription<TagType>[] => {
    if (isTagType(item)) return [item];
    if (typeof item === 'object' && item !== null && isTagType((item as { type?: unknown }).type)) {
      const { type, id } = item as { type: TagType; id?: unknown };
      return typeof id === 'string' || typeof id === 'number' ? [{ type, id }] : [type];
    }
    return [];
  });
}

/** Invalidates the cached data named by each `invalidate-api-store` event while mounted. */
export function useInvalidateApiStoreEvent() {
  const dispatch = useDispatch();
  useEffect(() => {
    const invalidate = (event: Event) => {
      const tags = tagsFromDetail((event as CustomEvent<unknown>).detail);
      if (tags.length > 0) dispatch(api.util.invalidateTags(tags));
    };
    window.addEventListener(INVALIDATE_API_STORE_EVENT, invalidate);
    return () => window.removeEventListener(INVALIDATE_API_STORE_EVENT, invalidate);
  }, [dispatch]);
}
