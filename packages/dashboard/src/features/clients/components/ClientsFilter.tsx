import { useEffect, useState } from 'react';
import { Button, Flex, Input, Select, Space, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { protocolVersions, type ClientsTableQuery, type MatchMode, type SearchField } from '../clients.filters';
import { useNodeNamesQuery } from '../clients.api';
import '../clients.messages';

interface Props {
  value: ClientsTableQuery;
  onChange: (patch: Partial<ClientsTableQuery>) => void;
}

/** Search (client id / username exact or fuzzy, IP exact) plus the select filters; every change goes to the URL. */
export function ClientsFilter({ value, onChange }: Props) {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const nodes = useNodeNamesQuery();
  const [text, setText] = useState(value.q);
  useEffect(() => setText(value.q), [value.q]);

  const hint = value.mode === 'exact' && value.field !== 'ip_address' ? t(value.field === 'clientid' ? 'clientIdsHint' : 'usernamesHint') : undefined;

  return (
    <Flex wrap gap={token.marginSM} style={{ marginBottom: token.marginMD }}>
      {/* on a phone the search box gives way so the row never makes the page scroll sideways */}
      <Space.Compact style={{ maxWidth: '100%' }}>
        <Select<SearchField>
          aria-label={t('searchField')}
          value={value.field}
          onChange={(field) => onChange({ field })}
          style={{ width: 130, flexShrink: 0 }}
          options={[
            { value: 'clientid', label: t('clientid') },
            { value: 'username', label: t('username') },
            { value: 'ip_address', label: t('ipAddress') },
          ]}
        />
        <Select<MatchMode>
          aria-label={t('exact') + ' / ' + t('fuzzy')}
          value={value.field === 'ip_address' ? 'exact' : value.mode}
          disabled={value.field === 'ip_address'}
          onChange={(mode) => onChange({ mode })}
          style={{ width: 90, flexShrink: 0 }}
          options={[
            { value: 'fuzzy', label: t('fuzzy') },
            { value: 'exact', label: t('exact') },
          ]}
        />
        <Tooltip title={hint}>
          <Input.Search
            aria-label={t('searchPlaceholder')}
            placeholder={t('searchPlaceholder')}
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(q) => onChange({ q: q.trim() })}
            style={{ width: 260, minWidth: 0, flexShrink: 1 }}
          />
        </Tooltip>
      </Space.Compact>
      <Select
        aria-label={t('connState')}
        placeholder={t('connState')}
        allowClear
        value={value.conn_state || undefined}
        onChange={(v?: ClientsTableQuery['conn_state']) => onChange({ conn_state: v ?? '' })}
        style={{ width: 190 }}
        options={[
          { value: 'connected', label: t('connected') },
          { value: 'disconnected', label: t('disconnected') },
          { value: 'idle', label: t('idle') },
        ]}
      />
      <Select
        aria-label={t('protoVer')}
        placeholder={t('protoVer')}
        allowClear
        value={value.proto_ver || undefined}
        onChange={(v?: string) => onChange({ proto_ver: v ?? '' })}
        style={{ width: 180 }}
        options={protocolVersions.map((p) => ({ value: p.value, label: p.label }))}
      />
      <Select
        aria-label={t('cleanStart')}
        placeholder={t('cleanStart')}
        allowClear
        value={value.clean_start || undefined}
        onChange={(v?: ClientsTableQuery['clean_start']) => onChange({ clean_start: v ?? '' })}
        style={{ width: 180 }}
        options={[
          { value: 'true', label: `${t('cleanStart')}: ${tc('yes')}` },
          { value: 'false', label: `${t('cleanStart')}: ${tc('no')}` },
        ]}
      />
      <Select
        aria-label={t('node')}
        placeholder={t('allNodes')}
        allowClear
        value={value.node || undefined}
        onChange={(v?: string) => onChange({ node: v ?? '' })}
        style={{ minWidth: 180 }}
        loading={nodes.isLoading}
        options={(nodes.data ?? []).map((n) => ({ value: n, label: n }))}
      />
      <Button
        onClick={() => {
          setText('');
          onChange({ q: '', conn_state: '', proto_ver: '', clean_start: '', node: '' });
        }}
      >
        {tc('reset')}
      </Button>
    </Flex>
  );
}
