import { Button, Tooltip } from 'antd';
import type { ButtonProps } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../app/bridge';

interface Props {
  text: string;
  size?: ButtonProps['size'];
  /** Shown next to the icon; icon-only (with an accessible name) when absent. */
  label?: string;
}

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Non-secure origins (plain http behind a proxy) have no Clipboard API.
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

export function CopyButton({ text, size = 'small', label }: Props) {
  const { t } = useTranslation('common');
  const onClick = () =>
    writeClipboard(text).then(
      () => void toast().success(t('copied')),
      () => void toast().error(t('copyFailed')),
    );
  return (
    <Tooltip title={t('copy')}>
      <Button size={size} icon={<CopyOutlined />} onClick={onClick} aria-label={label ?? t('copy')}>
        {label}
      </Button>
    </Tooltip>
  );
}
