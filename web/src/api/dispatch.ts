import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's dispatch as the features use it: plain actions and thunks. Declared here, below
 * the features, so that they need not import the store (app/store.ts), which imports them.
 */
export type AppDispatch = ThunkDispatch<unknown, undefined, UnknownAction>;
