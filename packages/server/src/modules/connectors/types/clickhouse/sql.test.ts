// EMQX's t_parse_insert_sql_template cases, and the rendering of one message and of a batch.
import { describe, expect, test } from 'vitest';
import { clickhouseSaid } from './index';
import { batchSql, compileSql, NOT_INSERT, renderRequest, splitInsert } from './sql';

describe('splitInsert (EMQX split_clickhouse_insert_sql)', () => {
  test.each([
    ['insert into tag_VALUES(tag_values,Timestamp) values (${tagvalues},${date})', '(${tagvalues},${date})'],
    ["INSERT INTO Values_таблица (идентификатор, имя, возраст)   VALUES \t (${id}, 'Иван', 25)  ", "(${id}, 'Иван', 25)"],
    ["INSERT INTO Values_таблица (идентификатор, имя, возраст)   VALUES \t (${id}, 'Иван', 25);  ", "(${id}, 'Иван', 25)"],
    ["  inSErt into 表格(标识,名字,年龄)values(${id},'李四', 35) ; ", "(${id},'李四', 35)"],
    ['insert into PI.dbo.tags(tag_values,Timestamp) values (${tagvalues},${date}  )', '(${tagvalues},${date}  )'],
    ['INSERT INTO mqtt_test(payload, arrived) VALUES (${payload}, FROM_UNIXTIME((${timestamp}/1000)))', '(${payload}, FROM_UNIXTIME((${timestamp}/1000)))'],
    ['insert into PI.dbo.tags(tag_value , Timestamp )vALues(${tagvalues},${date})', '(${tagvalues},${date})'],
    ['INSERT Into some_table      values\t(${tag1},   ${tag2}  )', '(${tag1},   ${tag2}  )'],
    ['INSERT INTO insert_select_testtable (* EXCEPT(b)) Values (2, 2)', '(2, 2)'],
    ['INSERT INTO insert_select_testtable (* EXCEPT(b))Values(2, 2), (3, ${five})', '(2, 2), (3, ${five})'],
    ['INSERT INTO mqtt_test(key, data, arrived) FORMAT JSONCompactEachRow [(${key}, "${data}", ${timestamp})]', '[(${key}, "${data}", ${timestamp})]'],
    ['INSERT INTO   mqtt_test(key, data, arrived) FORMAT Values (v11, v12, v13), (v21, v22, v23)', '(v11, v12, v13), (v21, v22, v23)'],
    ['INSERT INTO   mqtt_test(key, data, arrived) FORMAT AnyFORMAT  👋    ..', '👋    ..'],
  ])('%s', (sql, rows) => {
    expect(splitInsert(sql)).toBe(rows);
  });

  test.each([
    ['INSERT INTO   mqtt_test(key, data, arrived) FORMAT Values'],
    ['INSERT INTO   mqtt_test(key, data, arrived) FORMAT Values  '],
    ['SELECT 1'],
    ['INSERT INTO t (a) VALUES (1) SETTINGS x=1'],
    ['INSERT INTO t (a) VALUES (1'],
  ])('not an insert: %s', (sql) => {
    expect(() => splitInsert(sql)).toThrow(NOT_INSERT);
  });
});

describe('rendering', () => {
  const t = compileSql("INSERT INTO m (key, data, arrived) VALUES (${payload.key}, '${payload.data}', ${timestamp})", ', ', false);
  const msg = (key: number, data?: string) => ({ payload: JSON.stringify(data === undefined ? { key } : { key, data }), timestamp: 1000 + key });

  test('one message: the text with the values as they read (no quoting); a missing one is "undefined"', () => {
    expect(renderRequest(t, msg(1, 'a')).statement).toBe("INSERT INTO m (key, data, arrived) VALUES (1, 'a', 1001)");
    expect(renderRequest(t, msg(2)).statement).toBe("INSERT INTO m (key, data, arrived) VALUES (2, 'undefined', 1002)");
    const n = compileSql('INSERT INTO m (key, data) VALUES (${payload.key}, ${payload.data})', ', ', true);
    expect(renderRequest(n, msg(3)).statement).toBe('INSERT INTO m (key, data) VALUES (3, NULL)');
  });

  test('a batch: the first statement and the other rows joined by the separator', () => {
    expect(batchSql([msg(1, 'a'), msg(2, 'b'), msg(3, 'c')].map((m) => renderRequest(t, m)))).toBe(
      "INSERT INTO m (key, data, arrived) VALUES (1, 'a', 1001), (2, 'b', 1002), (3, 'c', 1003)",
    );
    const semi = compileSql('INSERT INTO m (k) FORMAT JSONCompactEachRow [${payload.key}, 0]', '\n', false);
    expect(batchSql([msg(1), msg(2)].map((m) => renderRequest(semi, m)))).toBe('INSERT INTO m (k) FORMAT JSONCompactEachRow [1, 0]\n[2, 0]');
  });
});

describe('clickhouseSaid', () => {
  test('the sentence of ClickHouse 18 and of newer servers', () => {
    expect(clickhouseSaid("Code: 60, e.displayText() = DB::Exception: Table default.nothere doesn't exist., e.what() = DB::Exception\n")).toBe(
      "Table default.nothere doesn't exist.",
    );
    expect(clickhouseSaid("Code: 60. DB::Exception: Table default.x doesn't exist. (UNKNOWN_TABLE) (version 23.8.1.1)\n")).toBe("Table default.x doesn't exist.");
  });
});
