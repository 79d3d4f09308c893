import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './msw';
import { i18n } from '../src/i18n/i18n';

// Lazy screens and antd forms are slow to first render in jsdom on a loaded 2-core machine: wait up to 10 s
// for elements to appear instead of the default 1 s, so a busy CI run does not turn into false failures.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these; antd (responsive observers, Table, Select) needs them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
// antd measures scrollbars through getComputedStyle on pseudo elements, which jsdom does not implement.
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element, pseudo?: string | null) => realGetComputedStyle(elt, pseudo ? undefined : pseudo);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  window.location.hash = '';
  await i18n.changeLanguage('en');
});
afterAll(() => server.close());
