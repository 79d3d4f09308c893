// POST /authentication/{id}/import_users?type=plain|hash with a CSV or JSON file (EMQX's templates).
import { useState } from 'react';
import { Alert, Button, Form, Modal, Radio, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { useImportAuthnUsersMutation, type ImportResult } from '../authentication.api';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
}

export function ImportUsersModal({ id, open, onClose }: Props) {
  const { t } = useTranslation(['authentication', 'common']);
  const [type, setType] = useState<'plain' | 'hash'>('plain');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const importUsers = useImportAuthnUsersMutation(id);

  const close = () => {
    setFile(null);
    setMissing(false);
    setResult(null);
    onClose();
  };

  async function submit() {
    if (!file) {
      setMissing(true);
      return;
    }
    const r = await importUsers.mutateAsync({ file, type });
    if (r && typeof r === 'object' && 'total' in r) setResult(r);
    else {
      void toast().success(t('importDone'));
      close();
    }
  }

  return (
    <Modal
      open={open}
      title={t('importUsers')}
      onCancel={close}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={close}>
            {t('common:close')}
          </Button>
        ) : (
          [
            <Button key="c" onClick={close}>
              {t('common:cancel')}
            </Button>,
            <Button key="ok" type="primary" loading={importUsers.isPending} onClick={() => void submit().catch(() => undefined)}>
              {t('import')}
            </Button>,
          ]
        )
      }
    >
      {result ? (
        <Alert
          type={result.failed ? 'warning' : 'success'}
          showIcon
          title={t('importResult', {
            success: result.success ?? 0,
            override: result.override ?? 0,
            failed: result.failed ?? 0,
            skipped: result.skipped ?? 0,
            total: result.total ?? 0,
          })}
        />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('importType')}>
            <Radio.Group
              value={type}
              onChange={(e) => setType(e.target.value as 'plain' | 'hash')}
              options={[
                { value: 'plain', label: t('importPlain') },
                { value: 'hash', label: t('importHash') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('importFile')} validateStatus={missing ? 'error' : undefined} help={missing ? t('common:selectFileFirst') : undefined}>
            <Upload
              accept=".csv,.json"
              maxCount={1}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              beforeUpload={(f) => {
                setFile(f);
                setMissing(false);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />}>{t('selectFile')}</Button>
            </Upload>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
