// Management › Advanced MQTT › Auto Subscribe: topics every client gets at connect (PUT /mqtt/auto_subscribe, whole list).
import { useTranslation } from 'react-i18next';
import { WholeListPage } from '../../shared/list/WholeListPage';
import { TopicModal } from './TopicModal';
import { useAutoSubscribeQuery, useSaveAutoSubscribeMutation, type AutoSubscription } from './auto-subscribe.api';
import './auto-subscribe.messages';

export default function AutoSubscribePage() {
  const { t } = useTranslation(['autoSubscribe', 'common']);
  const query = useAutoSubscribeQuery();
  const save = useSaveAutoSubscribeMutation();
  const yesNo = (v: number) => (v ? t('common:yes') : t('common:no'));

  const columns = [
    { title: t('topic'), dataIndex: 'topic', key: 'topic' },
    { title: t('qos'), dataIndex: 'qos', key: 'qos' },
    { title: t('nl'), dataIndex: 'nl', key: 'nl', render: yesNo },
    { title: t('rap'), dataIndex: 'rap', key: 'rap', render: yesNo },
    { title: t('rh'), dataIndex: 'rh', key: 'rh' },
  ];

  return (
    <WholeListPage<AutoSubscription>
      title={t('title')}
      intro={t('intro')}
      query={query}
      save={save.mutateAsync}
      addLabel={t('addTopic')}
      columns={columns}
      rowKey="topic"
      dialog={(d) => (
        <TopicModal open={d.open} item={d.item} others={(query.data ?? []).filter((_, j) => j !== d.index).map((x) => x.topic)} onClose={d.onClose} onSubmit={d.onSubmit} />
      )}
    />
  );
}
