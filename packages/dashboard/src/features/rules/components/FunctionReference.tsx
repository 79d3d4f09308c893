// The SQL function reference: every function of the catalogue, grouped, searchable by name, group or
// description, each with its signature, example and description in the console's language.
import { useState } from 'react';
import { Collapse, Drawer, Empty, Flex, Input, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import '../rules.messages';
import { FUNCTION_DOCS, describe, groupTitle, searchFunctions, signatureOf, type FunctionDoc } from '../functions';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The catalogue (RULE_FUNCTIONS unless given). */
  functions?: FunctionDoc[];
}

export function FunctionReference({ open, onClose, functions = FUNCTION_DOCS }: Props) {
  const { t, i18n } = useTranslation('rules');
  const { token } = theme.useToken();
  const [query, setQuery] = useState('');
  const groups = searchFunctions(functions, query, i18n.language);
  const count = groups.reduce((n, g) => n + g.functions.length, 0);
  const searching = query.trim() !== '';

  return (
    <Drawer open={open} onClose={onClose} title={t('functions')} size="large">
      <Flex vertical gap={token.margin}>
        <Input.Search aria-label={t('functionSearch')} placeholder={t('functionSearch')} allowClear value={query} onChange={(e) => setQuery(e.target.value)} />
        <Typography.Text type="secondary">{t('functionsCount', { n: count })}</Typography.Text>
        {groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Collapse
            // Open every group while searching, so the matches show at once.
            {...(searching ? { activeKey: groups.map((g) => g.group) } : { defaultActiveKey: [groups[0].group] })}
            items={groups.map((g) => ({
              key: g.group,
              label: `${groupTitle(g.group, i18n.language)} (${g.functions.length})`,
              children: g.functions.map((f) => (
                <div key={f.name} style={{ marginBottom: token.marginMD }} data-testid="function-doc">
                  <Typography.Text code strong>
                    {signatureOf(f)}
                  </Typography.Text>
                  <Typography.Paragraph style={{ margin: `${token.marginXXS}px 0` }}>{describe(f, i18n.language)}</Typography.Paragraph>
                  {f.example && (
                    <Typography.Text type="secondary">
                      {t('functionExample')}: <Typography.Text code>{f.example}</Typography.Text>
                    </Typography.Text>
                  )}
                </div>
              )),
            }))}
          />
        )}
      </Flex>
    </Drawer>
  );
}
