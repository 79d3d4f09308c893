import { describe, expect, it } from 'vitest';
import { emptyTrigger, sqlToTrigger, triggerProblem, triggerToSql } from './trigger';

const EVENTS = ['$events/message_publish', '$events/message_delivered', '$events/client_connected', '$events/client_disconnected'];

describe('the webhook trigger and its rule SQL', () => {
  it('messages on topic filters select * from the filters; none is every topic', () => {
    expect(triggerToSql({ ...emptyTrigger(), topics: ['t/1', 'a/#'] }, EVENTS)).toBe('SELECT\n  *\nFROM\n  "t/1",\n  "a/#"');
    expect(triggerToSql(emptyTrigger(), EVENTS)).toBe('SELECT\n  *\nFROM\n  "#"');
  });

  it('other message events take the topic filters as topic =~ conditions', () => {
    const sql = triggerToSql({ ...emptyTrigger(), messageEvents: ['$events/message_publish', '$events/message_delivered'], topics: ['t/1', 't/2'] }, EVENTS);
    expect(sql).toBe('SELECT\n  *\nFROM\n  "t/1",\n  "t/2",\n  "$events/message_delivered"\nWHERE\n  topic =~ \'t/1\' or topic =~ \'t/2\'');
    expect(sqlToTrigger(sql, EVENTS)).toEqual({ kind: 'messages', messageEvents: ['$events/message_publish', '$events/message_delivered'], topics: ['t/1', 't/2'], events: [] });
  });

  it('events and "all messages and events" read back as they were written', () => {
    const events = { ...emptyTrigger('events'), events: ['$events/client_connected'] };
    expect(triggerToSql(events, EVENTS)).toBe('SELECT\n  *\nFROM\n  "$events/client_connected"');
    expect(sqlToTrigger(triggerToSql(events, EVENTS), EVENTS)).toEqual({ kind: 'events', messageEvents: [], topics: [], events: ['$events/client_connected'] });
    const all = triggerToSql(emptyTrigger('all'), EVENTS);
    expect(all).toBe('SELECT\n  *\nFROM\n  "#",\n  "$events/message_delivered",\n  "$events/client_connected",\n  "$events/client_disconnected"');
    expect(sqlToTrigger(all, EVENTS)?.kind).toBe('all');
    expect(sqlToTrigger('SELECT * FROM "t/#"', EVENTS)).toEqual({ kind: 'messages', messageEvents: ['$events/message_publish'], topics: ['t/#'], events: [] });
  });

  it('leaves an SQL the form cannot show to the rule editor', () => {
    expect(sqlToTrigger('SELECT * FROM "t/#" WHERE payload.x > 1', EVENTS)).toBeUndefined();
    expect(sqlToTrigger('SELECT * FROM "$bridges/mqtt:in"', EVENTS)).toBeUndefined();
    expect(sqlToTrigger('SELECT * FROM "t/#", "$events/client_connected"', EVENTS)).toBeUndefined();
  });

  it('refuses nothing chosen, an empty topic and a repeated one', () => {
    expect(triggerProblem({ ...emptyTrigger(), messageEvents: [] })).toBe('nothing');
    expect(triggerProblem(emptyTrigger('events'))).toBe('nothing');
    expect(triggerProblem({ ...emptyTrigger(), topics: ['a', ' '] })).toBe('emptyTopic');
    expect(triggerProblem({ ...emptyTrigger(), topics: ['a', 'a '] })).toBe('repeatedTopic');
    expect(triggerProblem(emptyTrigger('all'))).toBeUndefined();
  });
});
