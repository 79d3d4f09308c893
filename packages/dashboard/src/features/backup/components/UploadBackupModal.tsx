// Upload a backup file: choose a .tar.gz ('Please select a file first' without one), send it with a progress
// bar; the node checks the archive before keeping it and says why when it refuses.
import { useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Progress, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { errorText } from '../../../shared/apiErrors';
import { isAbortError } from '../../../api/errors';
import { backupKeys, uploadBackup } from '../backup.api';

interface Props {
  open: boolean;
  onClose: () => void;
}

export function UploadBackupModal({ open, onClose }: Props) {
  const { t } = useTranslation(['backup', 'common']);
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [percent, setPercent] = useState<number>();
  const abort = useRef<AbortController>(undefined);

  const close = () => {
    abort.current?.abort();
    setFile(null);
    setProblem(undefined);
    setFailure(undefined);
    setPercent(undefined);
    onClose();
  };

  async function submit() {
    if (!file) {
      setProblem(t('common:selectFileFirst'));
      return;
    }
    setFailure(undefined);
    setPercent(0);
    abort.current = new AbortController();
    try {
      await uploadBackup(file, setPercent, abort.current.signal);
      await qc.invalidateQueries({ queryKey: backupKeys.all });
      void toast().success(t('uploadSuccess', { name: file.name }));
      close();
    } catch (err) {
      if (isAbortError(err)) return;
      setPercent(undefined);
      setFailure(errorText(err));
    }
  }

  const busy = percent !== undefined;
  return (
    <Modal
      open={open}
      title={t('uploadTitle')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('upload')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item extra={t('uploadHint')} validateStatus={problem ? 'error' : undefined} help={problem}>
          <Upload
            accept=".tar.gz,.gz,application/gzip"
            maxCount={1}
            disabled={busy}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              if (!f.name.endsWith('.tar.gz')) {
                setProblem(t('notTarGz'));
                setFile(null);
              } else {
                setFile(f);
                setProblem(undefined);
              }
              setFailure(undefined);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />}>{t('selectFile')}</Button>
          </Upload>
        </Form.Item>
        {busy && <Progress percent={percent} status="active" aria-label={t('uploading', { percent })} />}
        {failure && <Alert type="error" showIcon title={t('uploadFailed')} description={failure} />}
      </Form>
    </Modal>
  );
}
