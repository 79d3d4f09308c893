// The type picker of the create pages: every type the schema document describes, with its icon, name and a line
// about it. Types this node does not run stay visible, marked unavailable with a plain sentence, and cannot be
// picked (their form would fail on save).
import { useState } from 'react';
import { Alert, Card, Col, Flex, Input, Row, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { TypeIcon } from './TypeIcon';
import '../connectors.messages';

export interface TypeOption {
  type: string;
  available: boolean;
}

/** The operator's name of a type: ours for the common ones, else EMQX's type name. */
export function typeLabel(type: string): string {
  const key = `connectors:typeLabel_${type}`;
  return i18n.exists(key) ? i18n.t(key as 'connectors:typeLabel_http') : type;
}

function typeDesc(type: string): string | undefined {
  const key = `connectors:typeDesc_${type}`;
  return i18n.exists(key) ? i18n.t(key as 'connectors:typeDesc_http') : undefined;
}

interface Props {
  options: TypeOption[];
  value?: string;
  onChange: (type: string) => void;
}

export function TypePicker({ options, value, onChange }: Props) {
  const { t } = useTranslation('connectors');
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [refused, setRefused] = useState<string>();
  const q = search.trim().toLowerCase();
  const shown = options
    .filter((o) => !q || o.type.includes(q) || typeLabel(o.type).toLowerCase().includes(q))
    // what runs here first, then by name
    .sort((a, b) => Number(b.available) - Number(a.available) || typeLabel(a.type).localeCompare(typeLabel(b.type)));
  return (
    <Flex vertical gap={token.margin}>
      <Input.Search aria-label={t('searchType')} placeholder={t('searchType')} allowClear style={{ maxWidth: 320 }} onChange={(e) => setSearch(e.target.value)} />
      {refused && <Alert type="info" showIcon title={`${typeLabel(refused)}: ${t('unavailableHelp')}`} />}
      <Row gutter={[token.margin, token.margin]} role="radiogroup" aria-label={t('selectType')}>
        {shown.map((o) => {
          const selected = o.type === value;
          return (
            <Col key={o.type} xs={24} sm={12} lg={8} xl={6}>
              <Card
                hoverable={o.available}
                role="radio"
                aria-checked={selected}
                aria-disabled={!o.available}
                aria-label={typeLabel(o.type)}
                size="small"
                style={{
                  cursor: o.available ? 'pointer' : 'not-allowed',
                  opacity: o.available ? 1 : 0.6,
                  borderColor: selected ? token.colorPrimary : undefined,
                  background: selected ? token.colorPrimaryBg : undefined,
                }}
                onClick={() => {
                  if (o.available) {
                    setRefused(undefined);
                    onChange(o.type);
                  } else setRefused(o.type);
                }}
              >
                <Flex gap="small" align="center">
                  <TypeIcon type={o.type} />
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text strong ellipsis>
                      {typeLabel(o.type)}
                    </Typography.Text>
                    <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
                      {o.available ? (typeDesc(o.type) ?? o.type) : t('unavailableHelp')}
                    </Typography.Text>
                  </Flex>
                  {!o.available && <Tag style={{ marginInlineStart: 'auto' }}>{t('unavailable')}</Tag>}
                </Flex>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Flex>
  );
}
