import { Button, Flex, Input, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';

// spec 000 §5: allowed certificate file extensions.
export const CERT_EXTENSIONS = ['crt', 'key', 'pem', 'jks', 'der', 'cer', 'pfx'] as const;

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  'aria-label'?: string;
}

/** PEM text pasted or read from an uploaded file; a stored file path stays as it is (the node keeps using it). */
export function PemInput({ value, onChange, id, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation('listeners');
  return (
    <Flex vertical gap={8}>
      <Input.TextArea id={id} aria-label={ariaLabel} rows={3} value={value ?? ''} placeholder={t('pemPlaceholder')}
        onChange={(e) => onChange?.(e.target.value)} style={{ fontFamily: 'monospace' }} />
      <Upload accept={CERT_EXTENSIONS.map((e) => `.${e}`).join(',')} showUploadList={false}
        beforeUpload={(file) => {
          const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
          if (!(CERT_EXTENSIONS as readonly string[]).includes(ext)) {
            void toast().error(t('badExtension', { ext: CERT_EXTENSIONS.join(', ') }));
            return Upload.LIST_IGNORE;
          }
          void file.text().then((text) => onChange?.(text));
          return false; // read locally; the PEM travels inside the listener config
        }}>
        <Button size="small" icon={<UploadOutlined />}>{t('uploadFile')}</Button>
      </Upload>
    </Flex>
  );
}
