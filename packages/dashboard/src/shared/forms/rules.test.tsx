// Issue 20 items 3 and 5: the shared URL and integer rules.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { renderWithProviders } from '../../../test/render';
import { IntegerInput } from './IntegerInput';
import { isUrl, useFieldRules } from './rules';

function Harness({ kind }: { kind: 'url' | 'integer' }) {
  const [form] = Form.useForm();
  const rules = useFieldRules();
  return (
    <Form form={form} onFinish={(v: { value: unknown }) => form.setFieldValue('saved', JSON.stringify(v.value))}>
      <Form.Item name="value" label="Value" rules={[kind === 'url' ? rules.url() : rules.integer({ min: 23, max: 65535 })]}>
        {kind === 'url' ? <Input /> : <IntegerInput aria-label="Value" />}
      </Form.Item>
      <Form.Item name="saved" label="Saved">
        <Input readOnly />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

async function submit(kind: 'url' | 'integer', typed: string) {
  const r = renderWithProviders(<Harness kind={kind} />);
  await r.user.type(screen.getByLabelText('Value'), typed);
  await r.user.click(screen.getByRole('button', { name: 'Save' }));
  return r;
}

describe('URL rule', () => {
  it('accepts every port from 1 to 65535, paths, queries and placeholders', () => {
    for (const ok of [
      'http://127.0.0.1:9/auth',
      'http://127.0.0.1:99/auth',
      'https://auth.example.com:65535/x?u=${username}',
      'http://[::1]:8/jwks',
      'http://localhost/jwks.json',
    ]) {
      expect(isUrl(ok), ok).toBe(true);
    }
  });

  it('refuses what the node cannot call', () => {
    for (const bad of ['127.0.0.1:9/auth', 'ftp://host/x', 'http://', 'http://host:0/x', 'http://host:65536/x', 'http://ho st/x', 'http:/host/x']) {
      expect(isUrl(bad), bad).toBe(false);
    }
  });

  it('a one-digit port passes the form', async () => {
    await submit('url', 'http://127.0.0.1:9/auth');
    expect(await screen.findByDisplayValue('"http://127.0.0.1:9/auth"')).toBeInTheDocument();
    expect(screen.queryByText('Please enter the value in the correct format')).not.toBeInTheDocument();
  });

  it('refuses a URL without a scheme with the format text', async () => {
    await submit('url', '127.0.0.1:9/auth');
    expect(await screen.findByText('Please enter the value in the correct format')).toBeInTheDocument();
  });
});

describe('integer fields', () => {
  it('refuse a decimal with the type text instead of rounding it', async () => {
    await submit('integer', '30.5');
    expect(await screen.findByText('Type error: please enter an integer')).toBeInTheDocument();
    // nothing was saved, and the box still shows what was typed (precision={0} turned it into 31)
    expect(screen.getByLabelText('Saved')).toHaveValue('');
    expect(screen.getByLabelText('Value')).toHaveValue('30.5');
  });

  it('save a whole number as typed', async () => {
    await submit('integer', '30');
    await expect.poll(() => (screen.getByLabelText('Saved') as HTMLInputElement).value).toBe('30');
  });
});
