import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import type { Profile } from '#contract/auth';
import { profileApi } from '../../api/profile';
import { createStore } from '../../app/store';
import { tagsFromDetail, useInvalidateApiStoreEvent } from './invalidateApiStore';

describe('the detail of an invalidate-api-store event', () => {
  it('names tags by the api’s tag types', () => {
    expect(tagsFromDetail(['Imports', 'Dashboard'])).toEqual(['Imports', 'Dashboard']);
    expect(tagsFromDetail('Imports')).toEqual(['Imports']);
    expect(tagsFromDetail([{ type: 'Import', id: 42 }, { type: 'Profile' }])).toEqual([
      { type: 'Import', id: 42 },
      'Profile',
    ]);
  });

  it('ignores what is not a known tag', () => {
    expect(tagsFromDetail(['imports', 'Okänd', 42, null, { type: 'Nope' }])).toEqual([]);
    expect(tagsFromDetail(undefined)).toEqual([]);
  });
});

const profile: Profile = {
  id: 1,
  firstName: 'Lena',
  lastName: 'Leverantör',
  previousLoginFound: true,
  userEngagements: [],
};

function Listener() {
  useInvalidateApiStoreEvent();
  return null;
}

describe('the invalidate-api-store event', () => {
  it('drops the cached data carrying the named tags, and only those', async () => {
    const store = createStore();
    await store.dispatch(profileApi.util.upsertQueryData('getProfile', undefined, profile));
    const cachedProfile = () => profileApi.endpoints.getProfile.select()(store.getState()).data;
    render(
      <Provider store={store}>
        <Listener />
      </Provider>,
    );

    act(() => {
      window.dispatchEvent(new CustomEvent('invalidate-api-store', { detail: ['Imports'] }));
    });
    expect(cachedProfile()).toEqual(profile);

    act(() => {
      window.dispatchEvent(new CustomEvent('invalidate-api-store', { detail: ['Profile'] }));
    });
    expect(cachedProfile()).toBeUndefined();
  });
});
