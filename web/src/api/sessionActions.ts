import { createAction } from '@reduxjs/toolkit';

/**
 * The session events of docs/product.md, "Session". They live here, not in the session feature, so that
 * the api's base query and every feature may dispatch them; `features/session/sessionSlice`
 * keeps the state they lead to.
 */
export const sessionStarted = createAction('session/sessionStarted');
/** Logout, a 401 while a session existed, or a ping without a session. */
export const sessionEnded = createAction('session/sessionEnded');
/** The logged-out page has cleared everything: back to the state before any login. */
export const sessionCleared = createAction('session/sessionCleared');
