// The header's broker picker: this node or one of the brokers it manages (several brokers in one console). Shown only
// when this node serves /mqdeck/brokers; switching reloads the console on the chosen broker. Managing the list is a
// dialog of its own (BrokersDialog).
import { useEffect, useState } from 'react';
import { Button, Select, Tooltip } from 'antd';
import { ClusterOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useBrokersQuery } from './brokers.api';
import { BrokersDialog } from './BrokersDialog';
import { getTargetBroker, switchBroker } from './target';

const THIS_NODE = '';

export function BrokerSwitcher({ compact }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const brokers = useBrokersQuery();
  const [dialogOpen, setDialogOpen] = useState(false);
  const target = getTargetBroker();
  const list = brokers.data;
  // a chosen broker that was removed (here or in another tab): back to this node
  useEffect(() => {
    if (target && list && !list.some((b) => b.id === target.id)) switchBroker(null);
  }, [target, list]);
  if (!list) return null;
  const pick = (id: string) => {
    if (id === (target?.id ?? THIS_NODE)) return;
    const b = list.find((x) => x.id === id);
    switchBroker(b ? { id: b.id, name: b.name, url: b.url, edition: b.edition } : null);
  };
  return (
    <>
      <Select
        aria-label={t('brokerPicker')}
        value={target?.id ?? THIS_NODE}
        // another broker than this node: an amber frame, so no one changes it by mistake
        status={target ? 'warning' : undefined}
        onChange={pick}
        suffixIcon={<ClusterOutlined />}
        popupMatchSelectWidth={false}
        style={{ minWidth: compact ? 96 : 160 }}
        options={[{ value: THIS_NODE, label: t('thisNode') }, ...list.map((b) => ({ value: b.id, label: b.name, title: b.url }))]}
      />
      <Tooltip title={t('brokersManage')}>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('brokersManage')} onClick={() => setDialogOpen(true)} />
      </Tooltip>
      <BrokersDialog open={dialogOpen} onClose={() => setDialogOpen(false)} brokers={list} />
    </>
  );
}
