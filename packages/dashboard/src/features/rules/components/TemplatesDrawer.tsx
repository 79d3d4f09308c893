// SQL examples and templates: the templates above, then each event's example from /rule_events. 'Use this SQL'
// puts one into the editor (asking first when the editor holds other SQL).
import { App, Button, Card, Drawer, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuleEventsQuery } from '../rules.api';
import { NO_EVENTS, eventTitle } from '../rule-events';
import { SQL_TEMPLATES } from '../rules.templates';

interface Props {
  open: boolean;
  onClose: () => void;
  current: string;
  onUse: (sql: string) => void;
}

export function TemplatesDrawer({ open, onClose, current, onUse }: Props) {
  const { t, i18n } = useTranslation(['rules', 'common']);
  const { modal } = App.useApp();
  const events = useRuleEventsQuery().data ?? NO_EVENTS;
  const zh = i18n.language.startsWith('zh');

  const use = (sql: string) => {
    const apply = () => {
      onUse(sql);
      onClose();
    };
    if (!current.trim() || current.trim() === sql.trim()) return apply();
    modal.confirm({ title: t('replaceSqlConfirm'), okText: t('common:confirm'), cancelText: t('common:cancel'), onOk: apply });
  };

  const card = (key: string, title: string, sql: string) => (
    <Card
      key={key}
      size="small"
      title={title}
      style={{ marginBottom: 12 }}
      extra={
        <Button size="small" type="link" onClick={() => use(sql)}>
          {t('useSql')}
        </Button>
      }
    >
      <Typography.Paragraph copyable={{ text: sql }} style={{ margin: 0 }}>
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{sql}</pre>
      </Typography.Paragraph>
    </Card>
  );

  return (
    <Drawer open={open} onClose={onClose} title={t('sqlExamples')} size="large" destroyOnHidden>
      <Tabs
        items={[
          { key: 'templates', label: t('templates'), children: SQL_TEMPLATES.map((tp) => card(tp.key, zh ? tp.title.zh : tp.title.en, tp.sql)) },
          {
            key: 'events',
            label: t('eventExamples'),
            children: <Flex vertical>{events.filter((e) => e.sqlExample).map((e) => card(e.event, `${eventTitle(e, i18n.language)} (${e.event})`, e.sqlExample))}</Flex>,
          },
        ]}
      />
    </Drawer>
  );
}
