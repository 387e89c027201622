import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => cleanup());

// The files of a Vitest worker share one jsdom (vitest.config.ts, `isolate: false`): each starts
// as a new page would, without what the last one stored or overrode on the document.
afterAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  Reflect.deleteProperty(document, 'visibilityState');
  document.title = '';
});
