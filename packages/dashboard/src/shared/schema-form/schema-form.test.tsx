import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { renderWithProviders } from '../../../test/render';
import { SCHEMA_DOC } from '../../features/connectors/connectors.testing';
import { SchemaForm } from './SchemaForm';
import { componentFields, defaultsOf, durationMs, secretPaths, typesOf, type Field, type SchemaDoc } from './schema';

function Harness({ fields, onFinish, initial }: { fields: Field[]; onFinish: (v: Record<string, unknown>) => void; initial?: Record<string, unknown> }) {
  return (
    <Form layout="vertical" initialValues={initial ?? defaultsOf(fields)} onFinish={onFinish}>
      <SchemaForm fields={fields} omit={['type', 'name', 'enable', 'description']} />
      <Button htmlType="submit">Submit</Button>
    </Form>
  );
}

describe('schema documents', () => {
  it('lists the types of each kind from the post components, by their own type enum', () => {
    expect(typesOf(SCHEMA_DOC, 'connector').map((x) => x.type)).toEqual(['http', 'mqtt', 'mysql']);
    expect(typesOf(SCHEMA_DOC, 'action')).toEqual([{ type: 'mqtt', component: 'bridge_mqtt_publisher.post_bridge_v2' }]);
    expect(typesOf(SCHEMA_DOC, 'source').map((x) => x.type)).toEqual(['mqtt']);
  });

  it('reads fields of both flavours, leaves deprecated keys out, and builds defaults through $ref', () => {
    const fields = componentFields(SCHEMA_DOC, 'connector_mqtt.post_connector');
    const kinds = Object.fromEntries(fields.map((f) => [f.key, f.kind]));
    expect(kinds).toMatchObject({ server: 'string', proto_ver: 'enum', password: 'password', keepalive: 'duration', ssl: 'object', resource_opts: 'object' });
    expect(kinds.mode).toBeUndefined();
    expect(fields.find((f) => f.key === 'server')?.required).toBe(true);
    expect(defaultsOf(fields)).toMatchObject({
      proto_ver: 'v4',
      keepalive: '160s',
      ssl: { enable: false, verify: 'verify_none' },
      resource_opts: { health_check_interval: '15s', batch_size: 1 },
    });
    expect(secretPaths(fields)).toEqual([['password']]);
    // the swagger flavour: string + enum, format password, a duration told by its description
    const swagger: SchemaDoc = {
      components: {
        schemas: {
          x: {
            properties: {
              mode: { type: 'string', enum: ['a', 'b'] },
              secret: { type: 'string', format: 'password' },
              keepalive: { type: 'string', default: '160s', description: 'Time interval is a string that contains a number followed by time unit' },
              headers: { type: 'object', default: { accept: 'application/json' }, example: {} },
              extra: { type: 'object' },
            },
          },
        },
      },
    };
    expect(componentFields(swagger, 'x').map((f) => f.kind)).toEqual(['enum', 'password', 'duration', 'map', 'json']);
    expect(durationMs('1h5m')).toBe(3_900_000);
  });
});

describe('SchemaForm', () => {
  it('renders each kind, shows TLS settings only when TLS is on, and submits the body the node takes', async () => {
    const fields = componentFields(SCHEMA_DOC, 'connector_mqtt.post_connector');
    const got: Record<string, unknown>[] = [];
    const { user } = renderWithProviders(<Harness fields={fields} onFinish={(v) => got.push(v)} />);
    expect(screen.getByLabelText('Server Host')).toBeInTheDocument();
    expect(screen.queryByLabelText('TLS Verify')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Enable' }));
    expect(await screen.findByLabelText('TLS Verify')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Server Host is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Server Host'), '127.0.0.1:1884');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(got).toHaveLength(1));
    expect(got[0]).toMatchObject({ server: '127.0.0.1:1884', password: 'secret', proto_ver: 'v4', keepalive: '160s', ssl: { enable: true } });
  });

  it('edits a header map as rows and warns about a too-short auto restart interval', async () => {
    const fields = componentFields(SCHEMA_DOC, 'bridge_http.post_connector');
    const got: Record<string, unknown>[] = [];
    const { user } = renderWithProviders(<Harness fields={fields} onFinish={(v) => got.push(v)} initial={{ headers: { 'content-type': 'application/json' }, pool_size: 8 }} />);
    expect(screen.getByDisplayValue('content-type')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add/ }));
    await user.type(screen.getByLabelText('Headers Key 2'), 'x-token');
    await user.type(screen.getByLabelText('Headers Value 2'), 'abc');
    await user.type(screen.getByLabelText('URL'), 'http://127.0.0.1:9/hook');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(got).toHaveLength(1));
    expect(got[0].headers).toEqual({ 'content-type': 'application/json', 'x-token': 'abc' });

    const mqtt = componentFields(SCHEMA_DOC, 'connector_mqtt.post_connector');
    renderWithProviders(<Harness fields={mqtt} onFinish={() => undefined} initial={{ ...defaultsOf(mqtt), resource_opts: { auto_restart_interval: '5s' } }} />);
    await user.click(screen.getByText('Advanced Settings'));
    expect(await screen.findByText(/If the auto restart time interval is set too small/)).toBeInTheDocument();
  });

  it('refuses an integer below its minimum with the spec text', async () => {
    const fields = componentFields(SCHEMA_DOC, 'bridge_http.post_connector');
    const { user } = renderWithProviders(<Harness fields={fields} onFinish={() => undefined} initial={{ url: 'http://a', pool_size: 0 }} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a number greater than or equal 1')).toBeInTheDocument();
  });
});
