// In upstream mode (`mqdeck start --upstream <url>`) the console manages another broker: the header says which one,
// with its version and edition, so an operator never mistakes it for the local node. The proxy serves
// `upstream.json` beside index.html; in front of our own node it is absent and nothing is shown.
import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import { CloudServerOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { useMqdeckNode } from '../../shared/apiExtensions';
import { isOpenSource, useSession } from '../session';

async function fetchUpstream(): Promise<string | null> {
  const res = await fetch(new URL('upstream.json', document.baseURI));
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as { upstream?: unknown } | null;
  return typeof body?.upstream === 'string' ? body.upstream : null;
}

export function useUpstream(): string | null | undefined {
  return useQuery({ queryKey: ['mqdeck', 'upstream'], queryFn: fetchUpstream, staleTime: Infinity, meta: { silent: true } }).data;
}

export function UpstreamBadge({ compact }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const session = useSession();
  const upstream = useUpstream();
  // an upstream that serves MQDeck's extensions is another MQDeck node, not an EMQX
  const product = useMqdeckNode() ? 'MQDeck' : 'EMQX';
  const version = useQuery({
    queryKey: ['mqdeck', 'upstream', 'version'],
    queryFn: async ({ signal }) => unwrap(await api.GET('/nodes', { signal }))[0]?.version,
    enabled: Boolean(upstream && session),
    staleTime: 60_000,
    meta: { silent: true },
  }).data;
  if (!upstream) return null;
  const host = upstream.replace(/^https?:\/\//, '');
  const edition = t(isOpenSource(session?.edition) ? 'upstreamEditionCe' : 'upstreamEditionEe');
  return (
    <Tooltip title={t('upstreamHelp', { url: upstream })}>
      <Tag icon={<CloudServerOutlined />} color="processing" data-testid="upstream-badge" style={{ marginInlineEnd: 0 }}>
        {compact ? host : `${product}${version ? ` ${version}` : ''} · ${edition} · ${host}`}
      </Tag>
    </Tooltip>
  );
}
