// The data-input picker: the FROM inputs of the SQL, each removable, and 'Add Input' for a message topic, an
// event of /rule_events, or a data-integration source (only when the node has /sources_summary). It edits the
// SQL's FROM clause, so the editor stays the one truth.
import { useState } from 'react';
import { Button, Flex, Form, Input, List, Modal, Radio, Select, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { topicRule } from '../../../shared/topic';
import { useRuleEventsQuery, useSourcesSummaryQuery } from '../rules.api';
import { NO_EVENTS, eventTitle } from '../rule-events';
import { BRIDGE_PREFIX, fromInputs, inputKind, setFromInputs, type InputKind } from '../sql';

interface Props {
  sql: string;
  onSqlChange: (sql: string) => void;
  disabled?: boolean;
}

interface AddValues {
  kind: InputKind;
  topic?: string;
  event?: string;
  source?: string;
}

export function InputsPanel({ sql, onSqlChange, disabled }: Props) {
  const { t, i18n } = useTranslation(['rules', 'common']);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<AddValues>();
  const kind = Form.useWatch('kind', form) ?? 'topic';
  const events = useRuleEventsQuery().data ?? NO_EVENTS;
  const sources = useSourcesSummaryQuery().data;
  const inputs = fromInputs(sql);

  const label = (input: string) => {
    const k = inputKind(input);
    const event = k === 'event' ? events.find((e) => e.event === input) : undefined;
    const tag = { topic: t('inputMessages'), event: t('inputEvents'), source: t('inputSources') }[k];
    return (
      <Flex gap="small" align="center" wrap>
        <Tag>{tag}</Tag>
        <Typography.Text code>{input}</Typography.Text>
        {event && <Typography.Text type="secondary">{eventTitle(event, i18n.language)}</Typography.Text>}
      </Flex>
    );
  };

  const add = async () => {
    const v = await form.validateFields();
    const input = v.kind === 'topic' ? v.topic?.trim() : v.kind === 'event' ? v.event : v.source;
    if (input && !inputs.includes(input)) onSqlChange(setFromInputs(sql, [...inputs, input]));
    setAdding(false);
  };

  return (
    <>
      <List
        size="small"
        bordered
        locale={{ emptyText: t('noInputs') }}
        dataSource={inputs}
        renderItem={(input) => (
          <List.Item
            actions={
              disabled
                ? []
                : [
                    <Button
                      key="remove"
                      size="small"
                      type="link"
                      danger
                      onClick={() =>
                        onSqlChange(
                          setFromInputs(
                            sql,
                            inputs.filter((i) => i !== input),
                          ),
                        )
                      }
                    >
                      {t('removeAction')}
                    </Button>,
                  ]
            }
          >
            {label(input)}
          </List.Item>
        )}
      />
      {!disabled && (
        <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} block type="dashed" onClick={() => setAdding(true)}>
          {t('addInput')}
        </Button>
      )}
      <Modal
        open={adding}
        title={t('addInput')}
        onOk={() => void add().catch(() => undefined)}
        onCancel={() => setAdding(false)}
        okText={t('common:add')}
        cancelText={t('common:cancel')}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" name="ruleInput" initialValues={{ kind: 'topic' }} preserve={false}>
          <Form.Item name="kind" label={t('inputType')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'topic', label: t('inputMessages') },
                { value: 'event', label: t('inputEvents') },
                ...(sources ? [{ value: 'source', label: t('inputSources') }] : []),
              ]}
            />
          </Form.Item>
          {kind === 'topic' && (
            <Form.Item
              name="topic"
              label={t('inputTopic')}
              rules={[{ required: true, whitespace: true, message: t('common:required', { name: t('inputTopic') }) }, topicRule('filter')]}
            >
              <Input placeholder="sensors/#" />
            </Form.Item>
          )}
          {kind === 'event' && (
            <Form.Item name="event" label={t('inputEvent')} rules={[{ required: true, message: t('common:selectRequired', { name: t('inputEvent') }) }]}>
              <Select showSearch options={events.map((e) => ({ value: e.event, label: `${eventTitle(e, i18n.language)} (${e.event})` }))} />
            </Form.Item>
          )}
          {kind === 'source' && sources && (
            <Form.Item name="source" label={t('inputSource')} rules={[{ required: true, message: t('common:selectRequired', { name: t('inputSource') }) }]}>
              <Select showSearch options={sources.map((s) => ({ value: `${BRIDGE_PREFIX}${s.type}:${s.name}`, label: `${s.type}:${s.name}` }))} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
