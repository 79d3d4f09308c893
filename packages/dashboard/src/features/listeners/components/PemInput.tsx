import { Button, Flex, Input, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { fileBytes, readPemBytes, type PemKind } from './pemFile';

// spec 000 §5: allowed certificate file extensions.
export const CERT_EXTENSIONS = ['crt', 'key', 'pem', 'jks', 'der', 'cer', 'pfx'] as const;

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  'aria-label'?: string;
  /** what the field holds: a DER upload can become PEM only for a certificate */
  kind: PemKind;
}

/** PEM text pasted or read from an uploaded file (a DER certificate becomes PEM); a stored file path stays as it is. */
export function PemInput({ value, onChange, id, 'aria-label': ariaLabel, kind }: Props) {
  const { t } = useTranslation('listeners');
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        id={id}
        aria-label={ariaLabel}
        rows={3}
        value={value ?? ''}
        placeholder={t('pemPlaceholder')}
        onChange={(e) => onChange?.(e.target.value)}
        style={{ fontFamily: 'monospace' }}
      />
      <Upload
        accept={CERT_EXTENSIONS.map((e) => `.${e}`).join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
          if (!(CERT_EXTENSIONS as readonly string[]).includes(ext)) {
            void toast().error(t('badExtension', { ext: CERT_EXTENSIONS.join(', ') }));
            return Upload.LIST_IGNORE;
          }
          void fileBytes(file).then((bytes) => {
            const read = readPemBytes(bytes, kind);
            if (read.ok) onChange?.(read.pem);
            else void toast().error(t('notPem', { file: file.name }));
          });
          return false; // read locally; the PEM travels inside the listener config
        }}
      >
        <Button size="small" icon={<UploadOutlined />}>
          {t('uploadFile')}
        </Button>
      </Upload>
    </Flex>
  );
}
