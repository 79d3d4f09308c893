// Issue 20 item 8: the ACL rule's QoS picker showed '+ 3 …' instead of the levels.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Form } from 'antd';
import { renderWithProviders } from '../../../../test/render';
import { RULE_DEFAULT, RulesEditor } from './RulesEditor';
import '../authorization.messages';

describe('RulesEditor', () => {
  it('shows the chosen QoS levels themselves, not a "+ N" summary', () => {
    renderWithProviders(
      <Form initialValues={{ rules: [RULE_DEFAULT] }}>
        <RulesEditor />
      </Form>,
    );
    const row = screen.getByTestId('rule-0');
    expect(
      within(row)
        .getAllByTestId('qos-tag')
        .map((t) => t.textContent),
    ).toEqual(['0', '1', '2']);
    expect(row.textContent).not.toMatch(/\+\s*\d/);
  });
});
