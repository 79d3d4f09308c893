import { describe, expect, it } from 'vitest';
import { Button, Form, Input } from 'antd';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { i18n } from '../i18n/i18n';
import { MAX_TOPIC_BYTES, hasWildcard, topicError, topicProblem, topicRule } from './topic';

describe('topicProblem', () => {
  it('filters: "#" only as the whole last level, "+" only as a whole level', () => {
    for (const ok of ['a/b', '#', 'a/#', '+', '+/+/c', 'a//b', '/', '$SYS/#', '$share/g/a/+', 'client/${clientid}']) {
      expect(topicProblem(ok, 'filter'), ok).toBeUndefined();
    }
    expect(topicProblem('a/#/b', 'filter')).toBe('badHash');
    expect(topicProblem('a/b#', 'filter')).toBe('badHash');
    expect(topicProblem('#/', 'filter')).toBe('badHash');
    expect(topicProblem('a/b+', 'filter')).toBe('badPlus');
    expect(topicProblem('+x/y', 'filter')).toBe('badPlus');
    expect(topicProblem('a\u0000b', 'filter')).toBe('nullChar');
  });

  it('neither kind may be empty', () => {
    expect(topicProblem('', 'filter')).toBe('empty');
    expect(topicProblem('', 'name')).toBe('empty');
    expect(topicError('', 'name')).toBe('Topic cannot be empty');
  });

  it('names: no wildcard anywhere', () => {
    expect(hasWildcard('t/+/x')).toBe(true);
    expect(hasWildcard('t/x')).toBe(false);
    expect(topicProblem('a/b/c', 'name')).toBeUndefined();
    expect(topicProblem('a/#', 'name')).toBe('wildcardInName');
    expect(topicProblem('a/+/c', 'name')).toBe('wildcardInName');
    expect(topicProblem('a+b', 'name')).toBe('wildcardInName');
  });

  it('counts the limit in UTF-8 bytes, not characters', () => {
    expect(topicProblem('a'.repeat(MAX_TOPIC_BYTES), 'name')).toBeUndefined();
    expect(topicProblem('a'.repeat(MAX_TOPIC_BYTES + 1), 'filter')).toBe('tooLong');
    // 21846 three-byte characters = 65538 bytes, though only 21846 UTF-16 units
    expect(topicProblem('主'.repeat(21846), 'name')).toBe('tooLong');
    expect(topicProblem('主'.repeat(21845), 'name')).toBeUndefined();
  });
});

describe('topicError', () => {
  it('gives the spec texts, in the UI language', async () => {
    expect(topicError('a/#/b', 'filter')).toBe('Invalid use of "#" wildcard');
    expect(topicError('a/b+', 'filter')).toBe('Invalid use of "+" wildcard');
    expect(topicError('a/#', 'name')).toBe('Publish cannot contain MQTT wildcards "#" and "+"');
    expect(topicError('x'.repeat(70000), 'name')).toBe('Topic length exceeds the limit');
    await i18n.changeLanguage('zh');
    try {
      expect(topicError('a/#/b', 'filter')).toBe('"#" 通配符使用错误');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('authorization topics: "eq " is a prefix, the topic after it is checked', () => {
    expect(topicError('eq a/#', 'filter', { allowEq: true })).toBeUndefined();
    expect(topicError('eq a/#/b', 'filter', { allowEq: true })).toBe('Invalid use of "#" wildcard');
    expect(topicError('eq a/#', 'filter')).toBeUndefined(); // "eq a" is a plain level
    expect(topicError('eq a+', 'filter')).toBe('Invalid use of "+" wildcard');
  });
});

describe('topicRule in a form', () => {
  function TopicForm({ others = [] as string[] }) {
    const [form] = Form.useForm();
    return (
      <Form form={form}>
        <Form.Item name="topic" rules={[topicRule('filter', { others: () => others })]}>
          <Input aria-label="topic" />
        </Form.Item>
        <Button onClick={() => void form.validateFields().catch(() => undefined)}>check</Button>
      </Form>
    );
  }

  it('shows the text under the input and refuses a repeat', async () => {
    const { user } = renderWithProviders(<TopicForm others={['t/1']} />);
    await user.type(screen.getByLabelText('topic'), 'a/+b');
    await user.click(screen.getByRole('button', { name: 'check' }));
    expect(await screen.findByText('Invalid use of "+" wildcard')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('topic'));
    await user.type(screen.getByLabelText('topic'), ' t/1 ');
    expect(await screen.findByText('Repeated topic')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('topic'));
    await user.type(screen.getByLabelText('topic'), 't/#');
    await user.click(screen.getByRole('button', { name: 'check' }));
    await expect.poll(() => screen.queryByText('Repeated topic')).toBeNull();
  });
});
