// Issue 20 item 8: in 中文, "No Local", "Retain as Published", "Retain Handling" and "Reductions" stayed in English.
import { describe, expect, it } from 'vitest';
import { clientsMessages } from './clients.messages';
import { subscriptionsMessages } from '../subscriptions/subscriptions.messages';

const CJK = /[\u4e00-\u9fff]/;

describe('subscription option and process texts in Chinese', () => {
  it('are Chinese on the client detail and the subscriptions list', () => {
    for (const m of [clientsMessages.noLocal, clientsMessages.retainAsPublished, clientsMessages.retainHandling, clientsMessages.reductions]) {
      expect(m.zh, m.en).toMatch(CJK);
    }
    for (const m of [subscriptionsMessages.noLocal, subscriptionsMessages.retainAsPublished, subscriptionsMessages.retainHandling]) {
      expect(m.zh, m.en).toMatch(CJK);
    }
  });
});
