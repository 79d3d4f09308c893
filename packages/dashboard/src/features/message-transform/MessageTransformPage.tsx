// Integration › Message Transform: the transformations in the order they run, with enable, move up / down (the
// order is saved at once through /message_transformations/reorder), Settings and Delete each
// (schema-validation/ordered-checks/OrderedChecksList, shared with Schema Validation); its own columns are the payload
// decoder and encoder.
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteTransformationMutation, useEnableTransformationMutation, useReorderTransformationsMutation, useTransformationsQuery } from './message-transform.api';
import type { Transformation } from './message-transform.types';
import { OrderedChecksList, entryPath } from '../schema-validation/ordered-checks/OrderedChecksList';
import './message-transform.messages';

export const LIST_PATH = '/message-transform';
export const detailPath = (name: string) => entryPath(LIST_PATH, name);

export default function MessageTransformPage() {
  const { t } = useTranslation('messageTransform');
  const columns: TableColumnsType<Transformation> = [
    { title: t('payloadDecoder'), dataIndex: ['payload_decoder', 'type'] },
    { title: t('payloadEncoder'), dataIndex: ['payload_encoder', 'type'] },
  ];
  return (
    <OrderedChecksList<Transformation>
      ns="messageTransform"
      listPath={LIST_PATH}
      list={useTransformationsQuery()}
      remove={useDeleteTransformationMutation()}
      enable={useEnableTransformationMutation()}
      reorder={useReorderTransformationsMutation()}
      columns={columns}
    />
  );
}
