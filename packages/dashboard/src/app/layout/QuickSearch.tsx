// Ctrl/⌘+K: jump to any registered screen, matching its label in either language.
import { useEffect, useMemo, useState } from 'react';
import { Empty, Input, List, Modal, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { featureRoutes } from '../features';
import { useSession } from '../session';
import { menuMessages } from '../menu.messages';
import { searchTargets, type SearchTarget } from './menuModel';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function matchesTarget(target: SearchTarget, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  const keys = [target.labelKey, ...(target.parentKey ? [target.parentKey] : [])];
  return keys.some((k) => [menuMessages[k].en, menuMessages[k].zh].some((s) => s.toLowerCase().includes(needle)));
}

export function QuickSearch({ open, onOpenChange }: Props) {
  const { t } = useTranslation('layout');
  const { t: tm } = useTranslation('menu');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const session = useSession();
  const [q, setQ] = useState('');
  const [cursor, setCursor] = useState(0);
  const targets = useMemo(() => searchTargets(featureRoutes, session?.edition), [session?.edition]);
  const hits = targets.filter((x) => matchesTarget(x, q));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        onOpenChange(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onOpenChange]);

  function go(target: SearchTarget | undefined) {
    if (!target) return;
    onOpenChange(false);
    setQ('');
    void navigate(target.to);
  }

  return (
    <Modal open={open} onCancel={() => onOpenChange(false)} footer={null} title={t('quickSearch')} destroyOnHidden>
      <Input
        autoFocus
        allowClear
        aria-label={t('quickSearch')}
        placeholder={t('quickSearchPlaceholder')}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setCursor(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, hits.length - 1));
          else if (e.key === 'ArrowUp') setCursor((c) => Math.max(c - 1, 0));
          else if (e.key === 'Enter') go(hits[cursor]);
        }}
      />
      {hits.length === 0 ? (
        <Empty description={t('quickSearchEmpty')} />
      ) : (
        <List
          style={{ marginTop: token.marginSM, maxHeight: 360, overflow: 'auto' }}
          dataSource={hits}
          renderItem={(x, i) => (
            <List.Item onClick={() => go(x)} style={{ cursor: 'pointer', paddingInline: token.paddingSM, background: i === cursor ? token.controlItemBgActive : undefined }}>
              <Typography.Text>{x.parentKey ? `${tm(x.parentKey)} › ${tm(x.labelKey)}` : tm(x.labelKey)}</Typography.Text>
              <Typography.Text type="secondary">{x.to}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
