import { createSlice } from '@reduxjs/toolkit';

export interface SessionState {
  hasSession: boolean;
  hasSessionEnded: boolean;
}

const initialState: SessionState = { hasSession: false, hasSessionEnded: false };

/** Session state of specification §4. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionStarted: () => ({ hasSession: true, hasSessionEnded: false }),
    sessionEnded: () => ({ hasSession: false, hasSessionEnded: true }),
    sessionCleared: () => initialState,
  },
});

export const { sessionStarted, sessionEnded, sessionCleared } = sessionSlice.actions;
