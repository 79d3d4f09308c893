// Lets non-React code (the API middleware, logout) show toasts and navigate. The root route registers
// the antd App message API and the router's navigate; before that, fallbacks keep things working.
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let messageApi: MessageInstance | undefined;
let navigateFn: Navigate | undefined;
let currentPathFn: (() => string) | undefined;

export function registerBridge(b: { message?: MessageInstance; navigate?: Navigate; currentPath?: () => string }): void {
  if (b.message) messageApi = b.message;
  if (b.navigate) navigateFn = b.navigate;
  if (b.currentPath) currentPathFn = b.currentPath;
}

export function toast(): MessageInstance {
  return messageApi ?? staticMessage;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (navigateFn) navigateFn(to, opts);
  else window.location.hash = `#${to}`;
}

/** Path + search of the current screen (hash routing), e.g. '/clients?page=2'. */
export function currentPath(): string {
  if (currentPathFn) return currentPathFn();
  const h = window.location.hash.replace(/^#/, '');
  return h || '/';
}
