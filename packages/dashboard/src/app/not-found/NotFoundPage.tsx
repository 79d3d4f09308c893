import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import './notFound.messages';

export function NotFoundPage() {
  const { t } = useTranslation('notFound');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('title')}
      subTitle={t('subTitle')}
      extra={
        <Button type="primary" onClick={() => void navigate('/dashboard')}>
          {t('backHome')}
        </Button>
      }
    />
  );
}
