// Create Backup: what goes in (the configuration, and which data tables; all by default), then POST /data/export.
import { useState } from 'react';
import { Alert, Checkbox, Form, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { useExportMutation } from '../backup.api';
import { tableSetLabel } from '../backup.labels';
import { TABLE_SETS, type TableSet } from '../backup.types';

interface Props {
  open: boolean;
  onClose: () => void;
}

export function CreateBackupModal({ open, onClose }: Props) {
  const { t } = useTranslation(['backup', 'common']);
  const [config, setConfig] = useState(true);
  const [sets, setSets] = useState<TableSet[]>([...TABLE_SETS]);
  const exporter = useExportMutation();
  const empty = !config && sets.length === 0;

  const close = () => {
    setConfig(true);
    setSets([...TABLE_SETS]);
    onClose();
  };

  async function submit() {
    if (empty) return;
    const file = await exporter.mutateAsync({ config, tableSets: sets.length === TABLE_SETS.length ? undefined : sets });
    void toast().success(t('createSuccess', { name: file.filename }));
    close();
  }

  return (
    <Modal
      open={open}
      title={t('createTitle')}
      onCancel={close}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common:confirm')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: exporter.isPending, disabled: empty }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('includeConfig')} extra={t('includeConfigHelp')}>
          <Switch checked={config} onChange={setConfig} aria-label={t('includeConfig')} />
        </Form.Item>
        <Form.Item label={t('tableSets')} extra={t('tableSetsHelp')}>
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            value={sets}
            onChange={(v) => setSets(v as TableSet[])}
            options={TABLE_SETS.map((s) => ({ value: s, label: tableSetLabel(t, s) }))}
          />
        </Form.Item>
        {empty && <Alert type="warning" showIcon title={t('nothingChosen')} />}
      </Form>
    </Modal>
  );
}
