// The parsed form of a rule's SQL (rule-sql.peggy builds it; compile.ts turns it into closures).
// It follows the parse tree of EMQX's `rulesql` (select/foreach, fields, from, where, do, incase).

/** One step of a path: a map key (`.a`, `.'a b'`, `.1`) or a list index (`[1]`, `[-1]`, `[0]` head, `[-0]` tail, `[x.y]`). */
export type PathSeg = { kind: 'key'; key: string } | { kind: 'index'; index: number | 'head' | 'tail' | VarOrPath };

export interface VarExpr {
  type: 'var';
  name: string;
}
export interface PathExpr {
  type: 'path';
  root: string;
  segs: PathSeg[];
}
export type VarOrPath = VarExpr | PathExpr;

export type ArithOp = '+' | '-' | '*' | '/' | 'div' | 'mod';
export type CompareOp = '=' | '=~' | '!=' | '<>' | '<' | '>' | '<=' | '>=';

export type Expr =
  | { type: 'const'; value: string | number | boolean }
  | VarExpr
  | PathExpr
  /** `[1..4]`: the list 1, 2, 3, 4 */
  | { type: 'range'; begin: number; end: number }
  /** `a[2..4]`: a slice of the list at a path (1-based, negative from the end) */
  | { type: 'get_range'; begin: number; end: number; of: VarOrPath }
  | { type: 'list'; items: Expr[] }
  | { type: 'unary'; op: '-' | '+'; arg: Expr }
  | { type: 'binary'; op: ArithOp; left: Expr; right: Expr }
  | { type: 'compare'; op: CompareOp; left: Expr; right: Expr }
  | { type: 'and' | 'or'; left: Expr; right: Expr }
  | { type: 'not'; arg: Expr }
  | { type: 'in'; arg: Expr; list: Expr[] }
  | { type: 'case'; subject?: Expr; whens: { when: Expr; then: Expr }[]; else?: Expr }
  /** a function call; `module` is set for `emqx_rule_funcs.abs(x)` */
  | { type: 'call'; name: string; module?: string; args: Expr[]; offset: number; line: number; column: number };

export type Field = { type: 'star' } | { type: 'field'; expr: Expr; alias?: VarOrPath };

export interface RuleSql {
  kind: 'select' | 'foreach';
  /** the SQL text as given */
  text: string;
  /** the topic filters / event topics of FROM, unquoted */
  from: string[];
  /** SELECT fields, or the FOREACH fields (the last one is the collection) */
  fields: Field[];
  where?: Expr;
  /** FOREACH … DO fields */
  doClause?: Field[];
  /** FOREACH … INCASE condition */
  incase?: Expr;
  /** lower-case names of the functions the SQL calls (module prefix dropped) */
  functions: string[];
  /**
   * Whether the SQL calls a function that is asynchronous in EMQX's catalogue (`jq`). The compiled rule's
   * `usesAsync` is the authoritative answer for a given function table.
   */
  usesAsync: boolean;
}

/** Visit every expression node of a parsed SQL (fields, where, do, incase), depth first. */
export function walkSql(sql: Pick<RuleSql, 'fields' | 'where' | 'doClause' | 'incase'>, visit: (e: Expr) => void): void {
  const fields = [...sql.fields, ...(sql.doClause ?? [])];
  for (const f of fields) {
    if (f.type === 'field') {
      walkExpr(f.expr, visit);
      if (f.alias) walkExpr(f.alias, visit);
    }
  }
  if (sql.where) walkExpr(sql.where, visit);
  if (sql.incase) walkExpr(sql.incase, visit);
}

export function walkExpr(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  switch (e.type) {
    case 'path':
      for (const s of e.segs) if (s.kind === 'index' && typeof s.index === 'object') walkExpr(s.index, visit);
      return;
    case 'get_range':
      return walkExpr(e.of, visit);
    case 'list':
      return e.items.forEach((i) => walkExpr(i, visit));
    case 'unary':
    case 'not':
      return walkExpr(e.arg, visit);
    case 'binary':
    case 'compare':
    case 'and':
    case 'or':
      walkExpr(e.left, visit);
      return walkExpr(e.right, visit);
    case 'in':
      walkExpr(e.arg, visit);
      return e.list.forEach((i) => walkExpr(i, visit));
    case 'case':
      if (e.subject) walkExpr(e.subject, visit);
      for (const w of e.whens) {
        walkExpr(w.when, visit);
        walkExpr(w.then, visit);
      }
      if (e.else) walkExpr(e.else, visit);
      return;
    case 'call':
      return e.args.forEach((a) => walkExpr(a, visit));
    default:
      return;
  }
}
