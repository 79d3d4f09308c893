// The Filter node's form (EMQX's FilterForm): conditions `field operator value` under one AND/OR, and groups of
// conditions with their own AND/OR (EMQX's second level, written in parentheses). Ungroup puts a group's conditions
// back in the list, as EMQX's delete on a group does. Lives inside NodeDrawer's Form (fields `operator`, `conditions`).
import { Button, Flex, Form, Input, Radio, Select, Typography, theme } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FILTER_OPERATORS, isGroup, type FilterCondition, type FilterItem, type GroupOperator } from '../flow.sql';
import '../flow.messages';

export const emptyCondition = (): FilterCondition => ({ field: '', operator: '=', value: '' });

/** The form's items as the node keeps them: trimmed, empty groups dropped, a group of one condition is that condition. */
export function normalizeItems(items: readonly FilterItem[] | undefined): FilterItem[] {
  const cond = (c: Partial<FilterCondition>): FilterCondition => ({ field: (c.field ?? '').trim(), operator: c.operator ?? '=', value: c.value ?? '' });
  return (items ?? []).flatMap((item): FilterItem[] => {
    if (!isGroup(item)) return [cond(item)];
    const conditions = item.conditions.map(cond);
    if (conditions.length < 2) return conditions;
    return [{ operator: item.operator ?? 'AND', conditions }];
  });
}

export function FilterFields() {
  const { t } = useTranslation(['flow', 'common']);
  const { token } = theme.useToken();
  const form = Form.useFormInstance();
  const items = (Form.useWatch('conditions', form) ?? []) as FilterItem[];
  const required = (name: string) => ({ required: true, whitespace: true, message: t('common:required', { name }) });
  const operators = (label: string) => (
    <Radio.Group
      aria-label={label}
      optionType="button"
      size="small"
      options={[
        { value: 'AND' satisfies GroupOperator, label: t('matchAll') },
        { value: 'OR' satisfies GroupOperator, label: t('matchAny') },
      ]}
    />
  );

  const row = (name: number, key: number, remove: () => void, removable: boolean) => (
    <Flex key={key} gap="small" align="start" style={{ marginTop: token.marginXS }}>
      <Form.Item name={[name, 'field']} style={{ flex: 2, marginBottom: 0 }} rules={[required(t('field'))]}>
        <Input aria-label={t('field')} placeholder="payload.temp" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item name={[name, 'operator']} style={{ width: 84, marginBottom: 0 }}>
        <Select aria-label={t('operator')} options={FILTER_OPERATORS.map((o) => ({ value: o, label: o }))} />
      </Form.Item>
      <Form.Item name={[name, 'value']} style={{ flex: 2, marginBottom: 0 }} rules={[required(t('value'))]}>
        <Input aria-label={t('value')} placeholder="20" />
      </Form.Item>
      <Button type="text" aria-label={t('removeItem')} icon={<MinusCircleOutlined />} disabled={!removable} onClick={remove} />
    </Flex>
  );

  const ungroup = (index: number) => {
    const all = (form.getFieldValue('conditions') ?? []) as FilterItem[];
    const group = all[index];
    if (!group || !isGroup(group)) return;
    form.setFieldValue('conditions', [...all.slice(0, index), ...group.conditions, ...all.slice(index + 1)]);
  };

  return (
    <>
      <Form.Item name="operator" label={t('groupOperator')}>
        {operators(t('groupOperator'))}
      </Form.Item>
      <Form.List name="conditions">
        {(fields, { add, remove }) => (
          <>
            <Typography.Text>{t('where')}</Typography.Text>
            {fields.map(({ key, name }) =>
              isGroup((form.getFieldValue(['conditions', name]) ?? items[name] ?? {}) as FilterItem) ? (
                <div
                  key={key}
                  role="group"
                  aria-label={t('conditionGroup', { n: name + 1 })}
                  style={{ marginTop: token.marginXS, padding: token.paddingXS, border: `1px dashed ${token.colorBorder}`, borderRadius: token.borderRadius }}
                >
                  <Flex justify="space-between" align="center">
                    <Form.Item name={[name, 'operator']} noStyle>
                      {operators(t('groupMatch'))}
                    </Form.Item>
                    <Button type="link" size="small" onClick={() => ungroup(name)}>
                      {t('ungroup')}
                    </Button>
                  </Flex>
                  <Form.List name={[name, 'conditions']}>
                    {(sub, ops) => (
                      <>
                        {sub.map((s) => row(s.name, s.key, () => ops.remove(s.name), sub.length > 1))}
                        <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => ops.add(emptyCondition())}>
                          {t('addCondition')}
                        </Button>
                      </>
                    )}
                  </Form.List>
                </div>
              ) : (
                row(name, key, () => remove(name), fields.length > 1)
              ),
            )}
            <Flex gap="small" style={{ marginTop: token.marginXS }}>
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(emptyCondition())}>
                {t('addCondition')}
              </Button>
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ operator: 'OR', conditions: [emptyCondition(), emptyCondition()] })}>
                {t('addGroup')}
              </Button>
            </Flex>
          </>
        )}
      </Form.List>
    </>
  );
}
