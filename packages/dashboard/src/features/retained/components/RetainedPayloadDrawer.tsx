import { Alert, Descriptions, Drawer, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { PayloadViewer } from '../../../shared/PayloadViewer';
import { formatDateTime } from '../../../shared/format';
import { useRetainedMessageQuery } from '../retained.api';
import { displayUser } from '../retained.columns';
import '../retained.messages';
import { errorText } from '../../../shared/apiErrors';

interface Props {
  /** The topic whose message is shown; undefined = closed. */
  topic?: string;
  onClose: () => void;
}

/** The payload is untrusted: PayloadViewer renders it as text only (never as HTML). */
export function RetainedPayloadDrawer({ topic, onClose }: Props) {
  const { t } = useTranslation('retained');
  const { token } = theme.useToken();
  const q = useRetainedMessageQuery(topic);
  const m = q.data;
  return (
    <Drawer open={topic !== undefined} onClose={onClose} title={t('payload')} size="large" destroyOnHidden>
      {q.isPending && <Skeleton active />}
      {q.isError && <Alert type="error" showIcon title={isApiError(q.error) && q.error.status === 404 ? t('messageNotFound') : errorText(q.error)} />}
      {m && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'topic', label: t('topic'), children: m.topic },
              { key: 'qos', label: t('qos'), children: m.qos },
              { key: 'from', label: t('fromClientid'), children: m.from_clientid ?? '-' },
              { key: 'user', label: t('fromUsername'), children: displayUser(m.from_username) },
              { key: 'at', label: t('publishAt'), children: formatDateTime(m.publish_at) },
            ]}
          />
          <div style={{ marginTop: token.marginLG }}>
            {m.payload === undefined ? <Alert type="info" showIcon title={t('payloadOmitted')} /> : <PayloadViewer payload={m.payload} topic={m.topic} />}
          </div>
        </>
      )}
    </Drawer>
  );
}
