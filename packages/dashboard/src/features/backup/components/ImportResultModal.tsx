// What a restore did, in plain sentences: one line per part of the backup with its counts, then the reason of
// each item the node could not restore.
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resultLine } from '../backup.labels';
import type { ImportResult } from '../backup.types';

interface Props {
  name: string;
  result: ImportResult | undefined;
  onClose: () => void;
}

export function ImportResultModal({ name, result, onClose }: Props) {
  const { t } = useTranslation(['backup', 'common']);
  const failed = result?.result.reduce((n, r) => n + r.failed, 0) ?? 0;
  // a part the file holds nothing of (an empty table) has nothing to say
  const parts = result?.result.filter((r) => r.total > 0) ?? [];
  return (
    <Modal
      open={result !== undefined}
      title={t('resultTitle', { name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common:close')}
        </Button>
      }
    >
      {result && (
        <Flex vertical gap={12} data-testid="import-result">
          <Alert type={failed ? 'warning' : 'success'} showIcon title={failed ? t('resultWithFailures', { count: failed }) : t('resultDone')} />
          {parts.length === 0 ? (
            <Typography.Text>{t('resultNothing')}</Typography.Text>
          ) : (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {parts.map((r) => (
                <li key={r.name}>{resultLine(t, r)}</li>
              ))}
            </ul>
          )}
          {result.errors.length > 0 && (
            <>
              <Typography.Text strong>{t('failures')}</Typography.Text>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {result.errors.map((e, i) => (
                  <li key={i}>
                    <Typography.Text type="danger">{e}</Typography.Text>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Flex>
      )}
    </Modal>
  );
}
