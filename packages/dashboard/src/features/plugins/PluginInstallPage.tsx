// Management › Plugins › Install (EMQX console /plugins/install): choose a NAME-VSN.tar.gz ('Please upload the file
// first' without one), send it with a progress bar. The node refuses a package its operator has not allowed on the
// command line (403): the screen shows the command to run, with a copy button, and the Install button stays to retry.
import { useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Progress, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../app/bridge';
import { PageSection } from '../../shared/PageSection';
import { CopyButton } from '../../shared/CopyButton';
import { errorText } from '../../shared/apiErrors';
import { isAbortError } from '../../api/errors';
import { allowCommandOf, pluginsKeys, uploadPlugin } from './plugins.api';
import './plugins.messages';

export default function PluginInstallPage() {
  const { t } = useTranslation(['plugins', 'common']);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [command, setCommand] = useState<string>();
  const [percent, setPercent] = useState<number>();
  const abort = useRef<AbortController>(undefined);

  async function submit() {
    if (!file) {
      setProblem(t('common:uploadFileFirst'));
      return;
    }
    setFailure(undefined);
    setCommand(undefined);
    setPercent(0);
    abort.current = new AbortController();
    try {
      await uploadPlugin(file, setPercent, abort.current.signal);
      await qc.invalidateQueries({ queryKey: pluginsKeys.all });
      void toast().success(t('successfulInstallation'));
      void navigate('/plugins');
    } catch (err) {
      if (isAbortError(err)) return;
      setPercent(undefined);
      const cmd = allowCommandOf(err);
      if (cmd) setCommand(cmd);
      else setFailure(errorText(err));
    }
  }

  const busy = percent !== undefined;
  return (
    <PageSection title={t('installPlugin')}>
      <Flex vertical gap="middle" style={{ maxWidth: 720 }}>
        <Alert type="info" showIcon title={t('installGuidance')} />
        <Form layout="vertical">
          <Form.Item label={t('uploadPlugin')} extra={t('dragFilePlaceholder')} validateStatus={problem ? 'error' : undefined} help={problem}>
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
                setCommand(undefined);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />}>{t('selectFile')}</Button>
            </Upload>
          </Form.Item>
          {busy && <Progress percent={percent} size="small" />}
          {command && (
            <Alert
              type="warning"
              showIcon
              title={t('installForbidden')}
              description={
                <Flex gap="small" align="center" wrap>
                  <Typography.Text code aria-label={t('installCommand')}>
                    {command}
                  </Typography.Text>
                  <CopyButton text={command} size="small" />
                </Flex>
              }
              style={{ marginBottom: 16 }}
            />
          )}
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
          <Flex gap="small">
            <Button type="primary" loading={busy} onClick={() => void submit()}>
              {t('install')}
            </Button>
            <Button onClick={() => void navigate('/plugins')}>{t('common:cancel')}</Button>
          </Flex>
        </Form>
      </Flex>
    </PageSection>
  );
}
