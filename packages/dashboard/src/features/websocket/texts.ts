// Turns store problems and operation failures into the operator's language.
import type { TFunction } from 'i18next';
import type { Language } from '../../i18n/language';
import type { websocketMessages } from './websocket.messages';
import { describeReason } from './model/reasonCodes';
import type { ConnectionProblem, OperationFailure } from './store/types';
import { WsOperationError } from './store/types';

type WsT = TFunction<readonly ['websocket', 'common', 'topic']>;

export interface ProblemText {
  message: string;
  hints: string[];
}

export function problemText(t: WsT, lang: Language, problem: ConnectionProblem): ProblemText {
  switch (problem.kind) {
    case 'refused':
      return { message: t('websocket:connectionRefused', { reason: describeReason(problem.version, problem.code, lang) }), hints: [] };
    case 'serverDisconnect':
      return { message: t('websocket:serverDisconnected', { reason: describeReason(problem.version, problem.code, lang) }), hints: [] };
    case 'lost':
      return { message: t('websocket:connectionDisconnected'), hints: [] };
    case 'unreachable': {
      const hints: string[] = [];
      if (problem.pageSecure && !problem.secure) hints.push(t('websocket:mixedContentHint'));
      if (problem.secure) {
        const url = safeUrl(problem.url);
        hints.push(t('websocket:wssHint', { host: url?.hostname ?? '', port: url?.port ?? '' }));
      } else hints.push(t('websocket:unreachableHint'));
      const message = t('websocket:unreachable', { url: problem.url });
      return { message: problem.detail ? `${message}: ${problem.detail}` : message, hints };
    }
  }
}

/** 'Subscription failure: not authorized (0x87)' and the like; the spec's fixed texts for the known cases. */
export function failureText(t: WsT, lang: Language, titleKey: keyof typeof websocketMessages, error: unknown): string {
  const failure: OperationFailure = error instanceof WsOperationError ? error.failure : { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  switch (failure.kind) {
    case 'notConnected':
      return t('websocket:clientNotConnected');
    case 'wildcardPublish':
      return t('topic:wildcardInName');
    case 'invalidTopic':
      return `${t(titleKey)}: ${t(`topic:${failure.problem}`)}`;
    case 'rejected':
      return `${t(titleKey)}: ${describeReason(failure.version, failure.code, lang)}`;
    case 'error':
      return `${t(titleKey)}: ${failure.message || t('websocket:unknownError')}`;
  }
}

function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
