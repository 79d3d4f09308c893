import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Button, Form } from 'antd';
import { renderWithProviders } from '../../../test/render';
import { ConfigField } from './ConfigField';
import type { FieldSpec } from './fieldSpec';
import { checkRate, durationToMs, percentValue, sizeToBytes, splitDuration, splitSize } from './units';
import '../../features/mqtt-settings/mqtt-settings.messages';

function Harness({ spec, initial }: { spec: FieldSpec; initial: unknown }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ [spec.path]: initial }}>
      <ConfigField spec={spec} ns="mqttSettings" description="Help from the schema." />
      <Button onClick={() => void form.validateFields().catch(() => undefined)}>check</Button>
    </Form>
  );
}

async function validate(spec: FieldSpec, initial: unknown, typed?: string) {
  const r = renderWithProviders(<Harness spec={spec} initial={initial} />);
  if (typed !== undefined) {
    const input = screen.getAllByLabelText(/./).find((e) => e.tagName === 'INPUT' && e.getAttribute('role') !== 'combobox')!;
    await r.user.clear(input);
    if (typed) await r.user.type(input, typed);
  }
  await r.user.click(screen.getByRole('button', { name: 'check' }));
  return r;
}

describe('config value notations', () => {
  it('reads durations, sizes and rates as EMQX writes them', () => {
    expect(durationToMs('1h30m')).toBe(5_400_000);
    expect(durationToMs('5000ms')).toBe(5000);
    expect(durationToMs('soon')).toBeUndefined();
    expect(splitDuration('1h30m', ['s', 'm', 'h'], 's')).toEqual({ value: 90, unit: 'm' });
    expect(splitDuration('7200s', ['s', 'm', 'h'], 's')).toEqual({ value: 7200, unit: 's' });
    expect(sizeToBytes('1MB')).toBe(1024 * 1024);
    expect(splitSize(4096, 'MB')).toEqual({ value: 4, unit: 'KB' });
    expect(checkRate('1000/s')).toMatchObject({ ok: true, amount: 1000, perMs: 1000 });
    expect(checkRate('10MB/10s')).toMatchObject({ ok: true, amount: 10 * 1024 * 1024, perMs: 10_000 });
    expect(checkRate('fast')).toEqual({ ok: false, reason: 'format' });
    expect(checkRate('10/fortnight')).toEqual({ ok: false, reason: 'unit' });
  });

  it('reads percents as the node does (a fraction rounded to a hundredth)', () => {
    expect(percentValue('80%')).toBe(80);
    expect(percentValue('12.5%')).toBe(12.5);
    expect(percentValue('050%')).toBe(50);
    expect(percentValue('100.001%')).toBe(100);
    expect(percentValue('100.5%')).toBe(100.5);
    for (const bad of ['80', '-1%', '.5%', '5.%', 'high%']) expect(percentValue(bad)).toBeUndefined();
  });
});

describe('field validation texts (spec 001 §5)', () => {
  it('range, minimum and maximum', async () => {
    await validate({ path: 'n', label: 'max_clientid_len', kind: 'integer', min: 23, max: 65535 }, 10);
    expect(await screen.findByText('Input error: the number range is 23 - 65535')).toBeInTheDocument();
  });

  it('an integer field refuses a decimal with the type text and keeps it as typed (Max Client ID Length 30.5)', async () => {
    await validate({ path: 'n', label: 'max_clientid_len', kind: 'integer', min: 23, max: 65535 }, 64, '30.5');
    expect(await screen.findByText('Type error: please enter an integer')).toBeInTheDocument();
    expect(screen.getByLabelText('Max Client ID Length')).toHaveValue('30.5');
  });

  it('type error for a word where a number or infinity is expected', async () => {
    await validate({ path: 'n', label: 'max_subscriptions', kind: 'integerOr', word: 'infinity', min: 1 }, 'infinity', 'lots');
    expect(await screen.findByText('Type error: please enter an integer or infinity')).toBeInTheDocument();
  });

  it('accepts infinity and a number typed as text', async () => {
    await validate({ path: 'n', label: 'max_subscriptions', kind: 'integerOr', word: 'infinity', min: 1 }, 'infinity', '0');
    expect(await screen.findByText('Please enter a number greater than or equal 1')).toBeInTheDocument();
  });

  it('duration minimum', async () => {
    await validate({ path: 'd', label: 'keepalive_check_interval', kind: 'duration', units: ['ms', 's'], min: 1000 }, '500ms');
    expect(await screen.findByText('Configurable minimum value is 1s')).toBeInTheDocument();
  });

  it('size maximum shows the size', async () => {
    await validate({ path: 's', label: 'max_packet_size', kind: 'size', max: 256 * 1024 * 1024 }, '300MB');
    expect(await screen.findByText('Please enter a number less than or equal 256MB')).toBeInTheDocument();
  });

  it("percent: above 100 is out of EMQX's range, fractions included", async () => {
    await validate({ path: 'p', label: 'cpu_high_watermark', kind: 'percent' }, '80%', '100.5');
    expect(await screen.findByText('Input error: the number range is 0 - 100')).toBeInTheDocument();
  });

  it('percent: 100 and fractions below it are accepted', async () => {
    await validate({ path: 'p', label: 'cpu_high_watermark', kind: 'percent' }, '80%', '99.5');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText('Input error: the number range is 0 - 100')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter the value in the correct format')).not.toBeInTheDocument();
  });

  it('rate format', async () => {
    await validate({ path: 'r', label: 'delivery_rate', kind: 'rate' }, '1000/s', 'quick');
    expect(await screen.findByText('Please enter a properly formatted rate configuration')).toBeInTheDocument();
  });

  it('rate accepts infinity', async () => {
    await validate({ path: 'r', label: 'delivery_rate', kind: 'rate' }, '1000/s', 'infinity');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText('Please enter a properly formatted rate configuration')).not.toBeInTheDocument();
  });

  it('retainer numbers: It needs to be a number', async () => {
    await validate({ path: 'm', label: 'max_retained_messages', kind: 'integer', min: 0, typeMessage: 'configFields:needNumber' }, 0, 'ten');
    expect(await screen.findByText('It needs to be a number')).toBeInTheDocument();
  });

  it('required', async () => {
    await validate({ path: 'm', label: 'max_inflight', kind: 'integer', required: true }, undefined);
    expect(await screen.findByText('Max Inflight is required.')).toBeInTheDocument();
  });

  it('priorities between 1 and 255', async () => {
    await validate({ path: 'p', label: 'mqueue_priorities', kind: 'priorities' }, [{ topic: 't/1', priority: 300 }]);
    expect(await screen.findByText('Priority number must be a number between 1 and 255.')).toBeInTheDocument();
  });

  it('client attributes must be unique', async () => {
    await validate({ path: 'a', label: 'client_attrs_init', kind: 'clientAttrs' }, [
      { expression: 'username', set_as_attr: 'group' },
      { expression: 'clientid', set_as_attr: 'group' },
    ]);
    expect(await screen.findByText('Duplicated Attribute')).toBeInTheDocument();
  });

  it('an incomplete row asks to complete the table', async () => {
    await validate({ path: 'a', label: 'client_attrs_init', kind: 'clientAttrs' }, [{ expression: '', set_as_attr: 'x' }]);
    expect(await screen.findByText('Please complete the table')).toBeInTheDocument();
  });
});
