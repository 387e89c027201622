import { describe, expect, it } from 'vitest';
import type { Profile } from '#contract/auth';
import { profileApi } from '../../api/profile';
import { createStore } from '../../app/store';
import { sessionCleared, sessionEnded, sessionSlice, sessionStarted } from './sessionSlice';

const profile: Profile = {
  id: 1,
  firstName: 'Lena',
  lastName: 'Leverantör',
  previousLoginFound: true,
  userEngagements: [{ organizationId: 1, roles: [] }],
};

const reduce = sessionSlice.reducer;

describe('session state (docs/product.md, "Session")', () => {
  it('starts without a session', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({ hasSession: false, hasSessionEnded: false });
  });

  it('has a session after login', () => {
    expect(reduce(undefined, sessionStarted())).toEqual({ hasSession: true, hasSessionEnded: false });
  });

  it('ends: no session, and ended', () => {
    const running = reduce(undefined, sessionStarted());
    expect(reduce(running, sessionEnded())).toEqual({ hasSession: false, hasSessionEnded: true });
  });

  it('a new login after an ended session clears the ended flag', () => {
    const ended = reduce(reduce(undefined, sessionStarted()), sessionEnded());
    expect(reduce(ended, sessionStarted())).toEqual({ hasSession: true, hasSessionEnded: false });
  });

  it('the logged-out page clears the ended flag', () => {
    const ended = reduce(reduce(undefined, sessionStarted()), sessionEnded());
    expect(reduce(ended, sessionCleared())).toEqual({ hasSession: false, hasSessionEnded: false });
  });

  it('a successful profile fetch starts the session (after a page reload)', async () => {
    const store = createStore();
    await store.dispatch(profileApi.util.upsertQueryData('getProfile', undefined, profile));
    expect(store.getState().session).toEqual({ hasSession: true, hasSessionEnded: false });
  });

  it('other data arriving does not start one', async () => {
    const store = createStore();
    await store.dispatch(profileApi.util.upsertQueryData('getOrganization', 1, { organizationName: 'X' }));
    expect(store.getState().session).toEqual({ hasSession: false, hasSessionEnded: false });
  });
});
