import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  onClick: () => void;
  /** Another label than 'Create'. */
  children?: ReactNode;
  disabled?: boolean;
  /** Tooltip, e.g. why it is disabled. */
  title?: string;
}

/** The primary '+ Create' action in a list screen's header. */
export function CreateButton({ onClick, children, disabled, title }: Props) {
  const { t } = useTranslation('common');
  return (
    <Button type="primary" icon={<PlusOutlined />} disabled={disabled} title={title} onClick={onClick}>
      {children ?? t('create')}
    </Button>
  );
}
