import { createSlice } from '@reduxjs/toolkit';
import { profileApi } from '../../api/profile';
import { sessionCleared, sessionEnded, sessionStarted } from '../../api/sessionActions';

export interface SessionState {
  hasSession: boolean;
  hasSessionEnded: boolean;
}

const initialState: SessionState = { hasSession: false, hasSessionEnded: false };
const started: SessionState = { hasSession: true, hasSessionEnded: false };
const ended: SessionState = { hasSession: false, hasSessionEnded: true };

/**
 * Session state of docs/product.md, "Session": it starts at login or with any successful profile fetch
 * (also after a page reload), and ends at logout, on a 401 while it existed, or when a ping
 * finds no session.
 */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(sessionStarted, () => started)
      .addCase(sessionEnded, () => ended)
      .addCase(sessionCleared, () => initialState)
      .addMatcher(profileApi.endpoints.getProfile.matchFulfilled, () => started),
});

export const selectSession = (state: { session: SessionState }) => state.session;

// The actions are shared (web/src/api/sessionActions.ts); re-exported for the session feature's readers.
export { sessionCleared, sessionEnded, sessionStarted };
