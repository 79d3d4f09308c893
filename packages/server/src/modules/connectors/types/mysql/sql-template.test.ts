// The SQL template rules EMQX 5.8 applies (emqx_template_sql, emqx_utils_sql), restated on known inputs.
import { describe, expect, test } from 'vitest';
import { parseTemplate } from '../../../../shared/template';
import { bindValues, escapeMysql, mysqlLiteral, parseInsert, prepare, statementType, toSqlValue } from './sql-template';

describe('prepared statements', () => {
  test('placeholders become ? or $1..$n, values in order', () => {
    const sql = 'insert into t(a, b, c) values (${id}, ${payload.x}, ${topic})';
    expect(prepare(sql, 'question').text).toBe('insert into t(a, b, c) values (?, ?, ?)');
    const p = prepare(sql, 'dollar');
    expect(p.text).toBe('insert into t(a, b, c) values ($1, $2, $3)');
    expect(bindValues(p.vars, { id: 'i1', payload: '{"x": {"y": 1}}', topic: 't/1' })).toEqual(['i1', '{"y":1}', 't/1']);
  });

  test('to_sql_value: missing → NULL, null → "null", maps → JSON, numbers and booleans as they are', () => {
    expect(toSqlValue(undefined)).toBeNull();
    expect(toSqlValue(null)).toBe('null');
    expect(toSqlValue({ a: 1 })).toBe('{"a":1}');
    expect(toSqlValue(1.5)).toBe(1.5);
    expect(toSqlValue(true)).toBe(true);
  });
});

describe('batch inserts (emqx_utils_sql:parse_insert)', () => {
  test('the insert part and the row', () => {
    expect(parseInsert('INSERT INTO t_mqtt_msg(msgid, topic) VALUES (${id}, FROM_UNIXTIME(${timestamp}/1000))')).toEqual({
      insert: 'INSERT INTO t_mqtt_msg(msgid, topic)',
      row: '(${id}, FROM_UNIXTIME(${timestamp}/1000))',
    });
    // EMQX keeps the spaces after the table name
    expect(parseInsert('  insert into t values(${a})  ')).toEqual({ insert: 'insert into t ', row: '(${a})' });
  });

  test('anything else is not a batchable insert', () => {
    expect(parseInsert('insert into t values (1), (2)')).toBeUndefined();
    expect(parseInsert('insert into t values (1) on duplicate key update a = 1')).toBeUndefined();
    expect(parseInsert('insert into t select * from u')).toBeUndefined();
    expect(parseInsert('update t set a = ${a}')).toBeUndefined();
    expect(statementType(' UPDATE t set a=1')).toBe('update');
    expect(statementType('replace into t values (1)')).toBeUndefined();
  });

  test('mysql literals: escaped text, numbers as they read, undefined as the text or NULL', () => {
    expect(escapeMysql("it's a \\ back\0slash")).toBe("'it\\'s a \\\\ back\\0slash'");
    expect(mysqlLiteral(42, 'undefined')).toBe('42');
    expect(mysqlLiteral(0.1, 'undefined')).toBe('0.1');
    expect(mysqlLiteral(true, 'undefined')).toBe('true');
    expect(mysqlLiteral(undefined, 'undefined')).toBe("'undefined'");
    expect(mysqlLiteral(undefined, 'NULL')).toBe('NULL');
    expect(mysqlLiteral({ k: "v'" }, 'NULL')).toBe(`'{"k":"v\\'"}'`);
    expect(mysqlLiteral(Buffer.from([0xff, 0x00]), 'NULL')).toBe('0xFF00');
    expect(parseTemplate('(${a})')).toHaveLength(3);
  });
});
