// The banned list's search: one property (EMQX takes one filter per query), its value, exact or regex.
import { useState } from 'react';
import { Button, Checkbox, Flex, Input, Select, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BanSearchField, BannedTableQuery } from '../banned-clients.api';
import { banAsLabel } from '../banned-clients.labels';

const SEARCH_FIELDS: BanSearchField[] = ['clientid', 'username', 'peerhost', 'peerhost_net'];

type Filter = Pick<BannedTableQuery, 'field' | 'value' | 'fuzzy'>;

interface Props {
  value: Filter;
  onChange: (patch: Filter) => void;
}

export function BannedFilter({ value, onChange }: Props) {
  const { t } = useTranslation(['bannedClients', 'common']);
  const { token } = theme.useToken();
  const [draft, setDraft] = useState({ field: value.field, value: value.value ?? '', fuzzy: value.fuzzy });
  const search = () => onChange({ field: draft.field, value: draft.value.trim() || undefined, fuzzy: draft.fuzzy });
  return (
    <Flex gap="small" wrap align="center" style={{ marginBottom: token.marginMD }}>
      <Select
        aria-label={t('as')}
        value={draft.field}
        style={{ minWidth: 200 }}
        options={SEARCH_FIELDS.map((f) => ({ value: f, label: banAsLabel(t, f) }))}
        onChange={(field) => setDraft((d) => ({ ...d, field }))}
      />
      <Input
        aria-label={t('searchPlaceholder')}
        placeholder={t('searchPlaceholder')}
        value={draft.value}
        allowClear
        style={{ width: 260 }}
        onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))}
        onPressEnter={search}
      />
      <Checkbox
        checked={draft.field === 'peerhost_net' || draft.fuzzy}
        disabled={draft.field === 'peerhost_net'}
        onChange={(e) => setDraft((d) => ({ ...d, fuzzy: e.target.checked }))}
      >
        {t('fuzzy')}
      </Checkbox>
      <Button type="primary" icon={<SearchOutlined />} onClick={search}>
        {t('common:search')}
      </Button>
      <Button
        onClick={() => {
          setDraft({ field: 'clientid', value: '', fuzzy: true });
          onChange({ field: 'clientid', value: undefined, fuzzy: true });
        }}
      >
        {t('common:reset')}
      </Button>
    </Flex>
  );
}
