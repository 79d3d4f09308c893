// SQL templates of the editor's examples drawer: the shapes of EMQX's rule SQL (its console offers the same
// kinds: a filtered topic, several inputs, FOREACH, CASE, nested JSON), written for MQDeck.
import type { Bilingual } from './rules.types';

export interface SqlTemplate {
  key: string;
  title: Bilingual;
  sql: string;
}

export const SQL_TEMPLATES: SqlTemplate[] = [
  {
    key: 'filter',
    title: { en: 'Messages of a topic, filtered by a payload field', zh: '按消息内容字段过滤某主题的消息' },
    sql: 'SELECT\n  payload.temp AS t,\n  clientid\nFROM\n  "sensors/#"\nWHERE\n  payload.temp > 30',
  },
  {
    key: 'events',
    title: { en: 'Client connects and disconnects in one rule', zh: '在一条规则中处理客户端上线与下线' },
    sql: 'SELECT\n  clientid,\n  event,\n  timestamp\nFROM\n  "$events/client_connected",\n  "$events/client_disconnected"',
  },
  {
    key: 'foreach',
    title: { en: 'FOREACH: one output per element of a JSON array', zh: 'FOREACH：JSON 数组的每个元素各输出一次' },
    sql: 'FOREACH\n  payload.readings AS r\nDO\n  r.sensor AS sensor,\n  r.value AS value\nFROM\n  "devices/+/batch"',
  },
  {
    key: 'foreach-incase',
    title: { en: 'FOREACH with INCASE: keep only the elements that pass a test', zh: 'FOREACH 与 INCASE：只保留满足条件的元素' },
    sql: 'FOREACH\n  payload.readings AS r\nDO\n  r.sensor AS sensor,\n  r.value AS value\nINCASE\n  r.value > 100\nFROM\n  "devices/+/batch"',
  },
  {
    key: 'case',
    title: { en: 'CASE WHEN: a label chosen by conditions', zh: 'CASE WHEN：按条件得出标签' },
    sql: "SELECT\n  clientid,\n  CASE\n    WHEN payload.level > 80 THEN 'high'\n    WHEN payload.level > 40 THEN 'medium'\n    ELSE 'low'\n  END AS level\nFROM\n  \"tanks/#\"",
  },
  {
    key: 'nested',
    title: { en: 'Nested JSON: fields, array items and a rebuilt object', zh: '嵌套 JSON：字段、数组元素与重新组装的对象' },
    sql: 'SELECT\n  payload.device.id AS device,\n  payload.points[1] AS first_point,\n  payload.device.location.lat AS payload.lat\nFROM\n  "gps/#"',
  },
];
