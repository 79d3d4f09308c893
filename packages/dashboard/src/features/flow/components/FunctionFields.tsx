// The Data Processing node's form (EMQX's FunctionForm): each row a field (or any expression), an optional
// Transform picked from the rule SQL functions grouped as the function reference groups them, its arguments each
// with its type and an input (a select for an enum; the field goes in the function's main argument), and an alias.
// A row writes `fn(arg1, arg2) as alias` (function-picker.ts). Lives inside NodeDrawer's Form (field `fields`).
import { useMemo } from 'react';
import { Button, Flex, Form, Input, Select, Tag, Typography, theme } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { describe, groupTitle } from '../../rules/functions';
import { argSpecs, mainArgIndex, PICKER_GROUPS, pickerFunction, type PickerRow } from '../function-picker';
import '../flow.messages';

export type FunctionRow = PickerRow & { alias: string };

export function FunctionFields() {
  const { t, i18n } = useTranslation(['flow', 'common']);
  const { token } = theme.useToken();
  const form = Form.useFormInstance();
  const rows = (Form.useWatch('fields', form) ?? []) as FunctionRow[];
  const lang = i18n.language;
  const options = useMemo(
    () => PICKER_GROUPS.map((g) => ({ label: groupTitle(g.id, lang), title: groupTitle(g.id, lang), options: g.functions.map((f) => ({ value: f.name, label: f.name })) })),
    [lang],
  );
  const required = (name: string) => ({ required: true, whitespace: true, message: t('common:required', { name }) });

  return (
    <Form.List name="fields">
      {(items, { add, remove }) => (
        <>
          <Typography.Text>{t('fields')}</Typography.Text>
          {items.map(({ key, name }) => {
            const doc = pickerFunction(rows[name]?.fn);
            const specs = doc ? argSpecs(doc) : [];
            const main = doc ? mainArgIndex(doc) : -1;
            return (
              <div key={key} style={{ marginTop: token.marginXS }}>
                <Flex gap="small" align="start">
                  <Form.Item name={[name, 'expression']} style={{ flex: 2, marginBottom: 0 }} rules={[required(t('expression'))]}>
                    <Input aria-label={t('expression')} placeholder="payload.temp" style={{ fontFamily: 'monospace' }} />
                  </Form.Item>
                  <Form.Item name={[name, 'fn']} style={{ flex: 2, marginBottom: 0 }}>
                    <Select
                      aria-label={t('transform')}
                      placeholder={t('transform')}
                      allowClear
                      showSearch
                      popupMatchSelectWidth={false}
                      options={options}
                      onChange={() => form.setFieldValue(['fields', name, 'args'], [])}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[name, 'alias']}
                    style={{ flex: 1, marginBottom: 0 }}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_r, v: unknown) => {
                          const expr = String(getFieldValue(['fields', name, 'expression']) ?? '');
                          // a function, or an expression that is not a plain field, needs an alias to be read
                          const needed = !!getFieldValue(['fields', name, 'fn']) || /[()'"\s]/.test(expr.trim());
                          return needed && !String(v ?? '').trim() ? Promise.reject(new Error(t('aliasRequired'))) : Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    <Input aria-label={t('alias')} placeholder={t('alias')} />
                  </Form.Item>
                  <Button type="text" aria-label={t('removeItem')} icon={<MinusCircleOutlined />} disabled={items.length < 2} onClick={() => remove(name)} />
                </Flex>
                {doc && (
                  <div
                    role="group"
                    aria-label={t('functionArgs', { name: doc.name })}
                    style={{ margin: `${token.marginXS}px 0 0 ${token.marginLG}px`, paddingLeft: token.paddingSM, borderLeft: `2px solid ${token.colorBorderSecondary}` }}
                  >
                    <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeSM, marginBottom: token.marginXS }}>
                      <code>{`${doc.name}(${doc.args.join(', ')})`}</code> {describe(doc, lang)}
                    </Typography.Paragraph>
                    {specs.map((spec, i) => (
                      <Flex key={`${doc.name}-${spec.name}`} gap="small" align="center" style={{ marginBottom: token.marginXS }}>
                        <Typography.Text style={{ width: 120, flex: 'none' }}>
                          {spec.required && <span style={{ color: token.colorError }}>* </span>}
                          {spec.name}
                        </Typography.Text>
                        <Tag style={{ width: 64, textAlign: 'center', flex: 'none' }}>{spec.type}</Tag>
                        {i === main ? (
                          <Typography.Text type="secondary">{t('argIsField')}</Typography.Text>
                        ) : (
                          <Form.Item name={[name, 'args', i]} style={{ flex: 1, marginBottom: 0 }} rules={spec.required ? [required(spec.name)] : []}>
                            {spec.type === 'enum' ? (
                              <Select aria-label={spec.name} allowClear options={(spec.options ?? []).map((o) => ({ value: o, label: o }))} />
                            ) : (
                              <Input aria-label={spec.name} placeholder={spec.type === 'string' ? t('argStringHelp') : t('argValueHelp')} />
                            )}
                          </Form.Item>
                        )}
                      </Flex>
                    ))}
                  </div>
                )}
              </div>
            );
          })}
          <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: token.marginXS }} onClick={() => add({ expression: '', alias: '' })}>
            {t('addField')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
