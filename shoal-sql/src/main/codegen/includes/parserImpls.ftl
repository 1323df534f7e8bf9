<#--
  ShoalDB: Doris-dialect statements added to Calcite's grammar through the template hooks listed
  in ../config.fmpp. Everything here builds io.shoaldb.sql.tree nodes; the Java-side checks
  (names, types, values) live in io.shoaldb.sql.parser.DorisParserSupport so this file stays
  grammar only. Strings arrive as standard '...' literals (see MysqlLexicalNormalizer).
-->

/* ---------------------------------------------------------------- shared pieces */

boolean DorisIfNotExists() :
{
}
{
    LOOKAHEAD(2) <IF> <NOT> <EXISTS> { return true; }
|
    { return false; }
}

boolean DorisIfExists() :
{
}
{
    LOOKAHEAD(2) <IF> <EXISTS> { return true; }
|
    { return false; }
}

DorisParserSupport.Name DorisName() :
{
    final SqlIdentifier id;
}
{
    id = CompoundIdentifier() { return DorisParserSupport.name(id); }
}

String DorisSimpleName() :
{
    final SqlIdentifier id;
}
{
    id = SimpleIdentifier() { return id.getSimple(); }
}

/** A Doris label or charset: a bare word or a quoted string. */
String DorisWordOrString() :
{
    final String s;
}
{
    (
        s = DorisSimpleName()
    |
        s = SimpleStringLiteral()
    )
    { return s; }
}

String DorisLike() :
{
    final String p;
}
{
    <LIKE> p = SimpleStringLiteral() { return p; }
}

List<String> DorisNameList() :
{
    final List<String> names = new ArrayList<String>();
    String n;
}
{
    <LPAREN> n = DorisSimpleName() { names.add(n); }
    ( <COMMA> n = DorisSimpleName() { names.add(n); } )*
    <RPAREN>
    { return names; }
}

/** PROPERTIES ("k" = "v", ...): insertion order is kept. */
Map<String, String> DorisPropertyList() :
{
    final Map<String, String> props = new LinkedHashMap<String, String>();
}
{
    <LPAREN>
    [ DorisProperty(props) ( <COMMA> DorisProperty(props) )* ]
    <RPAREN>
    { return props; }
}

void DorisProperty(Map<String, String> props) :
{
    final String key;
    final String value;
}
{
    key = SimpleStringLiteral() <EQ> value = SimpleStringLiteral() { props.put(key, value); }
}

/* ---------------------------------------------------------------- CREATE / DROP / TRUNCATE / USE */

SqlNode DorisCreate() :
{
    final Span s;
    boolean ifNotExists;
    String db;
    Map<String, String> props = null;
    SqlNode node;
}
{
    <CREATE> { s = span(); }
    (
        ( <DATABASE> | <SCHEMA> ) ifNotExists = DorisIfNotExists() db = DorisSimpleName()
        [ <PROPERTIES> props = DorisPropertyList() ]
        { return new SqlCreateDatabase(s.end(this), db, ifNotExists, props); }
    |
        <TABLE> node = DorisCreateTable(s) { return node; }
    )
}

SqlNode DorisCreateTable(Span s) :
{
    final boolean ifNotExists;
    final DorisParserSupport.Name name;
    final List<SqlColumnDefinition> columns = new ArrayList<SqlColumnDefinition>();
    SqlColumnDefinition col;
    String engine = null;
    String comment = null;
    KeysType keysType = null;
    List<String> keyColumns = new ArrayList<String>();
    SqlDistribution distribution = null;
    Map<String, String> props = null;
}
{
    ifNotExists = DorisIfNotExists() name = DorisName()
    <LPAREN> col = DorisColumnDefinition() { columns.add(col); }
    ( <COMMA> col = DorisColumnDefinition() { columns.add(col); } )*
    <RPAREN>
    [ <ENGINE> [ <EQ> ] engine = DorisSimpleName() ]
    [ <COMMENT> [ <EQ> ] comment = SimpleStringLiteral() ]
    [
        keysType = DorisKeysType() <KEY> keyColumns = DorisNameList()
        // Doris writes the table comment here, after the key clause.
        [ <COMMENT> [ <EQ> ] comment = SimpleStringLiteral() ]
    ]
    [ distribution = DorisDistribution() ]
    [ <PROPERTIES> props = DorisPropertyList() ]
    {
        return new SqlCreateTable(s.end(this), ifNotExists, name.database(), name.name(), columns,
            engine, keysType, keyColumns, distribution, props, comment);
    }
}

KeysType DorisKeysType() :
{
}
{
    <DUPLICATE> { return KeysType.DUPLICATE; }
|
    <UNIQUE> { return KeysType.UNIQUE; }
|
    <AGGREGATE> { return KeysType.AGGREGATE; }
}

SqlDistribution DorisDistribution() :
{
    boolean hash;
    List<String> columns = new ArrayList<String>();
    Integer buckets = null;
    int n;
}
{
    <DISTRIBUTED> <BY>
    (
        <HASH> columns = DorisNameList() { hash = true; }
    |
        <RANDOM> { hash = false; }
    )
    [
        <BUCKETS>
        (
            n = UnsignedIntLiteral() { buckets = DorisParserSupport.buckets(n, getPos()); }
        |
            <AUTO>
        )
    ]
    { return new SqlDistribution(hash, columns, buckets); }
}

/** name type [aggregation] [NULL | NOT NULL] [DEFAULT value] [COMMENT 'text'], Doris's order. */
SqlColumnDefinition DorisColumnDefinition() :
{
    final String name;
    final Span s;
    final DataType type;
    AggregationType aggregation = null;
    Boolean nullable = null;
    SqlColumnDefault defaultValue = null;
    String comment = null;
}
{
    name = DorisSimpleName() { s = span(); }
    type = DorisDataType()
    [ aggregation = DorisAggregationType() ]
    [
        <NOT> <NULL> { nullable = Boolean.FALSE; }
    |
        <NULL> { nullable = Boolean.TRUE; }
    ]
    [
        <AUTO_INCREMENT> {
            if (true) throw DorisParserSupport.notSupported("AUTO_INCREMENT columns");
        }
    ]
    [ <DEFAULT_> defaultValue = DorisColumnDefault() ]
    [ <COMMENT> comment = SimpleStringLiteral() ]
    {
        return new SqlColumnDefinition(s.end(this), name, type, aggregation, nullable,
            defaultValue, comment);
    }
}

/**
 * A Doris column type. Type words Calcite reserves are listed; every other word comes in as an
 * identifier, and DorisParserSupport.resolveType decides (unknown words: UNKNOWN_TYPE).
 */
DataType DorisDataType() :
{
    String name;
    final List<Integer> params = new ArrayList<Integer>();
    int p;
}
{
    (
        (
            <INT> | <INTEGER> | <BIGINT> | <SMALLINT> | <TINYINT> | <BOOLEAN>
        |   <FLOAT> | <DOUBLE> | <REAL> | <DECIMAL> | <DEC> | <NUMERIC>
        |   <CHAR> | <CHARACTER> | <VARCHAR> | <DATE> | <DATETIME> | <TIME> | <TIMESTAMP>
        |   <BINARY>
        )
        { name = token.image; }
    |
        name = DorisSimpleName()
    )
    [
        <LPAREN> p = UnsignedIntLiteral() { params.add(p); }
        ( <COMMA> p = UnsignedIntLiteral() { params.add(p); } )*
        <RPAREN>
    ]
    { return DorisParserSupport.resolveType(name, params); }
}

/**
 * {@code s REGEXP pattern}: Calcite's RLIKE, with LIKE's precedence. (NOT REGEXP is not taken: an alternative
 * starting with NOT would shadow Calcite's other binary operators that start with NOT.)
 */
void DorisRegexp(List<Object> list, ExprContext exprContext, Span s) :
{
    final SqlOperator op = SqlLibraryOperators.RLIKE;
    List<Object> list2;
}
{
    <REGEXP>
    {
        checkNonQueryExpression(exprContext);
        s.clear().add(this);
    }
    list2 = Expression2(ExprContext.ACCEPT_SUB_QUERY) {
        list.add(new SqlParserUtil.ToTreeListItem(op, s.pos()));
        list.addAll(list2);
    }
}

/** expr COLLATE name (MySQL): see SqlCollateOperator. */
void DorisCollate(List<Object> list, ExprContext exprContext, Span s) :
{
    final SqlIdentifier name;
}
{
    <COLLATE>
    {
        checkNonQueryExpression(exprContext);
        s.clear().add(this);
    }
    name = SimpleIdentifier() {
        list.add(new SqlParserUtil.ToTreeListItem(SqlCollateOperator.INSTANCE, s.pos()));
        list.add(SqlLiteral.createCharString(name.getSimple(), s.end(this)));
    }
}

/** DATETIME[(p)] in CAST, as Calcite's TIMESTAMP(p). */
SqlTypeNameSpec DorisDateTimeTypeName() :
{
    final Span s;
    int p = -1;
}
{
    <DATETIME> { s = span(); }
    [ <LPAREN> p = UnsignedIntLiteral() <RPAREN> ]
    { return new SqlBasicTypeNameSpec(SqlTypeName.TIMESTAMP, p, s.end(this)); }
}

/**
 * MySQL's integer CAST targets: SIGNED [INTEGER] is BIGINT, UNSIGNED [INTEGER] Calcite's UINTEGER, which the planner
 * holds in a BIGINT (ShoalDB has no unsigned types; the values of a BIGINT source keep their sign).
 */
SqlTypeNameSpec DorisIntegerCastTypeName() :
{
    final Span s;
    final SqlTypeName type;
}
{
    (
        <SIGNED> { type = SqlTypeName.BIGINT; }
    |
        <UNSIGNED> { type = SqlTypeName.UINTEGER; }
    )
    { s = span(); }
    [ <INTEGER> | <INT> ]
    { return new SqlBasicTypeNameSpec(type, s.end(this)); }
}

/**
 * CHAR[(n)] as a CAST target is MySQL's text of any length (at most n characters), never SQL's blank-padded
 * CHAR(1): VARCHAR[(n)]; so is CHAR VARYING[(n)]. A character set may follow and changes nothing (text is UTF-8).
 * Column definitions have their own type rule.
 */
SqlTypeNameSpec DorisCharCastTypeName() :
{
    final Span s;
    int n = -1;
}
{
    <CHAR> { s = span(); }
    [ <VARYING> ]
    [ <LPAREN> n = UnsignedIntLiteral() <RPAREN> ]
    [ ( <CHARACTER> <SET> | <CHARSET> ) SimpleIdentifier() ]
    { return new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, n, s.end(this)); }
}

AggregationType DorisAggregationType() :
{
}
{
    <SUM> { return AggregationType.SUM; }
|
    <MIN> { return AggregationType.MIN; }
|
    <MAX> { return AggregationType.MAX; }
|
    <REPLACE> { return AggregationType.REPLACE; }
|
    <REPLACE_IF_NOT_NULL> { return AggregationType.REPLACE_IF_NOT_NULL; }
}

SqlColumnDefault DorisColumnDefault() :
{
    String text;
    String sign = "";
    Token t;
}
{
    <NULL> { return SqlColumnDefault.nullValue(); }
|
    <CURRENT_TIMESTAMP> [ <LPAREN> [ UnsignedIntLiteral() ] <RPAREN> ]
    { return SqlColumnDefault.currentTimestamp(); }
|
    text = SimpleStringLiteral() { return SqlColumnDefault.literal(text); }
|
    <TRUE> { return SqlColumnDefault.literal("true"); }
|
    <FALSE> { return SqlColumnDefault.literal("false"); }
|
    [ <MINUS> { sign = "-"; } | <PLUS> ]
    (
        t = <UNSIGNED_INTEGER_LITERAL>
    |
        t = <DECIMAL_NUMERIC_LITERAL>
    |
        t = <APPROX_NUMERIC_LITERAL>
    )
    { return SqlColumnDefault.literal(sign + t.image); }
}

SqlNode DorisDrop() :
{
    final Span s;
    boolean ifExists;
    boolean force = false;
    String db;
    DorisParserSupport.Name name;
}
{
    <DROP> { s = span(); }
    (
        ( <DATABASE> | <SCHEMA> ) ifExists = DorisIfExists() db = DorisSimpleName()
        [ <FORCE> { force = true; } ]
        { return new SqlDropDatabase(s.end(this), db, ifExists, force); }
    |
        <TABLE> ifExists = DorisIfExists() name = DorisName()
        [ <FORCE> { force = true; } ]
        { return new SqlDropTable(s.end(this), name.database(), name.name(), ifExists, force); }
    )
}

SqlNode DorisTruncate() :
{
    final Span s;
    final DorisParserSupport.Name name;
}
{
    <TRUNCATE> { s = span(); } [ <TABLE> ] name = DorisName()
    { return new SqlTruncateTable(s.end(this), name.database(), name.name()); }
}

SqlNode DorisUse() :
{
    final Span s;
    final String db;
}
{
    <USE> { s = span(); } db = DorisSimpleName()
    { return new SqlUseDatabase(s.end(this), db); }
}

/* ---------------------------------------------------------------- SYNC GROUP COMMIT */

SqlNode DorisSyncGroupCommit() :
{
    final Span s;
    DorisParserSupport.Name name = null;
}
{
    <SYNC> { s = span(); } <GROUP> <COMMIT> [ <ON> name = DorisName() ]
    {
        return name == null ? new SqlSyncGroupCommit(s.end(this), null, null)
            : new SqlSyncGroupCommit(s.end(this), name.database(), name.name());
    }
}

/* ---------------------------------------------------------------- ALTER TABLE */

SqlNode DorisAlterTable() :
{
    final Span s;
    final DorisParserSupport.Name name;
    final List<AlterOperation> ops = new ArrayList<AlterOperation>();
    AlterOperation op;
}
{
    <ALTER> { s = span(); } <TABLE> name = DorisName()
    op = DorisAlterOperation() { ops.add(op); }
    ( <COMMA> op = DorisAlterOperation() { ops.add(op); } )*
    { return new SqlAlterTable(s.end(this), name.database(), name.name(), ops); }
}

AlterOperation DorisAlterOperation() :
{
    Map<String, String> props;
    SqlColumnDefinition col;
    String name;
    String after = null;
    boolean first = false;
}
{
    <SET> props = DorisPropertyList() { return new AlterOperation.SetProperties(props); }
|
    <ADD> [ <COLUMN> ] col = DorisColumnDefinition()
    [
        <AFTER> after = DorisSimpleName()
    |
        <FIRST> { first = true; }
    ]
    { return new AlterOperation.AddColumn(col, after, first); }
|
    <DROP> [ <COLUMN> ] name = DorisSimpleName() { return new AlterOperation.DropColumn(name); }
|
    <MODIFY> [ <COLUMN> ] col = DorisColumnDefinition() { return new AlterOperation.ModifyColumn(col); }
}

/* ---------------------------------------------------------------- SHOW / DESCRIBE */

SqlNode DorisShow() :
{
    final Span s;
    String like = null;
    boolean global = false;
    DorisParserSupport.Name name;
    String db = null;
    String key;
    String text = null;
    Token number = null;
    SqlNode node;
}
{
    <SHOW> { s = span(); }
    (
        // A plain word that names no SHOW statement: without this branch the error would point
        // at SHOW itself (the statement's two-token lookahead fails); MySQL points at the word.
        LOOKAHEAD({ getToken(1).kind == IDENTIFIER })
        DorisSimpleName() {
            if (true) throw new DorisSyntaxException(getPos(), "unknown SHOW statement");
        }
    |
        ( <DATABASES> | <SCHEMAS> ) [ like = DorisLike() ]
        { return new SqlShowDatabases(s.end(this), like); }
    |
        <FULL>
        (
            node = DorisShowTables(s, true)
        |
            node = DorisShowColumns(s, true)
        |
            <PROCESSLIST> { node = new SqlShowSimple(s.end(this), SqlShowSimple.Kind.FULL_PROCESSLIST, null); }
        )
        { return node; }
    |
        node = DorisShowTables(s, false) { return node; }
    |
        node = DorisShowColumns(s, false) { return node; }
    |
        <PROCESSLIST> { return new SqlShowSimple(s.end(this), SqlShowSimple.Kind.PROCESSLIST, null); }
    |
        <CREATE> <TABLE> name = DorisName()
        { return new SqlShowCreateTable(s.end(this), name.database(), name.name()); }
    |
        ( <INDEX> | <INDEXES> | <KEYS> ) ( <FROM> | <IN> ) name = DorisName()
        [ ( <FROM> | <IN> ) db = DorisSimpleName() ]
        { return new SqlShowIndex(s.end(this), db != null ? db : name.database(), name.name()); }
    |
        <TABLE> <STATUS> [ ( <FROM> | <IN> ) db = DorisSimpleName() ] [ like = DorisLike() ]
        { return new SqlShowTableStatus(s.end(this), db, like); }
    |
        ( <GLOBAL> { global = true; } | <SESSION> | <LOCAL> )
        node = DorisShowVariablesOrStatus(s, global) { return node; }
    |
        node = DorisShowVariablesOrStatus(s, false) { return node; }
    |
        <WARNINGS> [ DorisIgnoredLimit() ] { return new SqlShowWarnings(s.end(this), false); }
    |
        <ERRORS> [ DorisIgnoredLimit() ] { return new SqlShowWarnings(s.end(this), true); }
    |
        <COLLATION> [ like = DorisLike() ]
        { return new SqlShowSimple(s.end(this), SqlShowSimple.Kind.COLLATION, like); }
    |
        ( <CHARSET> | <CHARACTER> <SET> ) [ like = DorisLike() ]
        { return new SqlShowSimple(s.end(this), SqlShowSimple.Kind.CHARSET, like); }
    |
        <ENGINES> { return new SqlShowSimple(s.end(this), SqlShowSimple.Kind.ENGINES, null); }
    |
        <GROUP> <COMMIT> [ <FROM> db = DorisSimpleName() ]
        { return new SqlShowGroupCommit(s.end(this), db); }
    |
        <TABLETS> <FROM> name = DorisName()
        { return new SqlShowTablets(s.end(this), name.database(), name.name()); }
    |
        <PROC> text = SimpleStringLiteral() { return new SqlShowProc(s.end(this), text); }
    |
        <QUERY> <PROFILE> [ text = SimpleStringLiteral() ]
        { return new SqlShowQueryProfile(s.end(this), text); }
    |
        <TRANSACTION> [ ( <FROM> | <IN> ) db = DorisSimpleName() ]
        <WHERE> key = DorisSimpleName() <EQ>
        ( text = SimpleStringLiteral() | number = <UNSIGNED_INTEGER_LITERAL> )
        {
            return DorisParserSupport.showTransaction(s.end(this), db, key, text,
                number == null ? null : number.image);
        }
    )
}

SqlNode DorisShowTables(Span s, boolean full) :
{
    String db = null;
    String like = null;
}
{
    <TABLES> [ ( <FROM> | <IN> ) db = DorisSimpleName() ] [ like = DorisLike() ]
    { return new SqlShowTables(s.end(this), db, like, full); }
}

SqlNode DorisShowColumns(Span s, boolean full) :
{
    final DorisParserSupport.Name name;
    String db = null;
    String like = null;
}
{
    ( <COLUMNS> | <FIELDS> ) ( <FROM> | <IN> ) name = DorisName()
    [ ( <FROM> | <IN> ) db = DorisSimpleName() ]
    [ like = DorisLike() ]
    {
        return new SqlShowColumns(s.end(this), db != null ? db : name.database(), name.name(),
            full, like);
    }
}

SqlNode DorisShowVariablesOrStatus(Span s, boolean global) :
{
    String like = null;
    SqlNode where = null;
}
{
    <VARIABLES>
    [
        like = DorisLike()
    |
        <WHERE> where = Expression(ExprContext.ACCEPT_SUB_QUERY)
    ]
    { return new SqlShowVariables(s.end(this), global, like, where); }
|
    <STATUS> [ like = DorisLike() ]
    { return new SqlShowSimple(s.end(this), SqlShowSimple.Kind.STATUS, like); }
}

/** SHOW WARNINGS / ERRORS take MySQL's LIMIT, which ShoalDB ignores (the lists are short). */
void DorisIgnoredLimit() :
{
}
{
    <LIMIT> UnsignedIntLiteral() [ <COMMA> UnsignedIntLiteral() ]
}

/** DESC t / DESCRIBE t: MySQL's shorthand for SHOW COLUMNS FROM t. */
SqlNode DorisDescribe() :
{
    final Span s;
    final DorisParserSupport.Name name;
}
{
    ( <DESC> | <DESCRIBE> ) { s = span(); } name = DorisName()
    { return new SqlShowColumns(s.end(this), name.database(), name.name(), false, null); }
}

/* ---------------------------------------------------------------- EXPLAIN */

/**
 * EXPLAIN [VERBOSE | GRAPH | ANALYZE] query. Calcite's own EXPLAIN PLAN ... FOR is not taken here: its
 * second word is PLAN, which this rule's two-token lookahead does not accept.
 */
SqlNode DorisExplain() :
{
    final Span s;
    SqlExplainQuery.Mode mode = SqlExplainQuery.Mode.PLAIN;
    final SqlNode query;
}
{
    <EXPLAIN> { s = span(); }
    // The words are non-reserved, but a query never starts with one: take them as the mode.
    [
        LOOKAHEAD(1)
        (
            <VERBOSE> { mode = SqlExplainQuery.Mode.VERBOSE; }
        |
            <GRAPH> { mode = SqlExplainQuery.Mode.GRAPH; }
        |
            <ANALYZE> { mode = SqlExplainQuery.Mode.ANALYZE; }
        )
    ]
    query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    { return new SqlExplainQuery(s.end(this), mode, query); }
}

/* ---------------------------------------------------------------- SET */

SqlNode DorisSet() :
{
    final Span s;
    final List<SqlSetVariables.Assignment> assignments = new ArrayList<SqlSetVariables.Assignment>();
    SqlSetVariables.Assignment a;
    SqlNode node;
}
{
    <SET> { s = span(); }
    (
        LOOKAHEAD(2) node = DorisSetNames(s) { return node; }
    |
        LOOKAHEAD(2) node = DorisSetCharset(s) { return node; }
    |
        LOOKAHEAD( [ <GLOBAL> | <SESSION> | <LOCAL> ] <TRANSACTION> ( <ISOLATION> | <READ> ) )
        node = DorisSetTransaction(s) { return node; }
    |
        DorisSetItem(assignments)
        ( <COMMA> DorisSetItem(assignments) )*
        { return new SqlSetVariables(s.end(this), assignments); }
    )
}

/** A charset or collation name; null stands for DEFAULT. */
String DorisCharsetName() :
{
    final String name;
}
{
    <DEFAULT_> { return null; }
|
    <BINARY> { return "binary"; }
|
    name = DorisWordOrString() { return name; }
}

SqlNode DorisSetNames(Span s) :
{
    final String charset;
    String collation = null;
}
{
    <NAMES> charset = DorisCharsetName()
    [ <COLLATE> collation = DorisCharsetName() ]
    { return new SqlSetNames(s.end(this), charset, collation); }
}

SqlNode DorisSetCharset(Span s) :
{
    final String charset;
}
{
    ( <CHARACTER> <SET> | <CHARSET> ) charset = DorisCharsetName()
    { return new SqlSetNames(s.end(this), charset, null); }
}

SqlNode DorisSetTransaction(Span s) :
{
    SqlSetVariables.Scope scope = null;
    final List<String> characteristics = new ArrayList<String>();
    String c;
}
{
    [
        <GLOBAL> { scope = SqlSetVariables.Scope.GLOBAL; }
    |
        <SESSION> { scope = SqlSetVariables.Scope.SESSION; }
    |
        <LOCAL> { scope = SqlSetVariables.Scope.SESSION; }
    ]
    <TRANSACTION>
    c = DorisTransactionCharacteristic() { characteristics.add(c); }
    ( <COMMA> c = DorisTransactionCharacteristic() { characteristics.add(c); } )*
    { return SqlSetTransaction.of(s.end(this), scope, characteristics); }
}

/** Returns the characteristic as normalised text: "ISOLATION LEVEL ...", "READ ONLY", "READ WRITE". */
String DorisTransactionCharacteristic() :
{
}
{
    <ISOLATION> <LEVEL>
    (
        LOOKAHEAD(2) <READ> <UNCOMMITTED> { return "ISOLATION LEVEL READ UNCOMMITTED"; }
    |
        <READ> <COMMITTED> { return "ISOLATION LEVEL READ COMMITTED"; }
    |
        <REPEATABLE> <READ> { return "ISOLATION LEVEL REPEATABLE READ"; }
    |
        <SERIALIZABLE> { return "ISOLATION LEVEL SERIALIZABLE"; }
    )
|
    LOOKAHEAD(2) <READ> <ONLY> { return "READ ONLY"; }
|
    <READ> <WRITE> { return "READ WRITE"; }
}

/**
 * One item of a SET list. NAMES may stand in a list too (MariaDB Connector/J sends
 * "set sql_mode=...,NAMES utf8mb4"); there it means what MySQL defines it as: the three
 * character_set_* variables (and collation_connection with COLLATE).
 */
void DorisSetItem(List<SqlSetVariables.Assignment> assignments) :
{
    SqlSetVariables.Assignment a;
    String charset;
    String collation = null;
}
{
    <NAMES> charset = DorisCharsetName() [ <COLLATE> collation = DorisCharsetName() ]
    {
        assignments.addAll(DorisParserSupport.namesAssignments(charset, collation, getPos()));
    }
|
    a = DorisAssignment() { assignments.add(a); }
}

SqlSetVariables.Assignment DorisAssignment() :
{
    SqlSetVariables.Scope scope = SqlSetVariables.Scope.SESSION;
    String name;
    SqlNode value;
    Token t;
}
{
    (
        t = <DORIS_SYSTEM_VARIABLE>
        {
            SqlSystemVariable v = DorisParserSupport.systemVariable(t.image, getPos());
            if (v.scope() == SqlSystemVariable.Scope.GLOBAL) {
                scope = SqlSetVariables.Scope.GLOBAL;
            }
            name = v.name();
        }
    |
        <GLOBAL> { scope = SqlSetVariables.Scope.GLOBAL; } name = DorisSimpleName()
    |
        <LOCAL> name = DorisSimpleName()
    |
        LOOKAHEAD(2) <SESSION> name = DorisSimpleName()
    |
        name = DorisSimpleName()
    )
    ( <EQ> | <COLON> <EQ> )
    value = DorisSetValue()
    { return new SqlSetVariables.Assignment(scope, name.toLowerCase(Locale.ROOT), value); }
}

/**
 * DEFAULT becomes Calcite's DEFAULT call (SqlKind.DEFAULT); ON becomes the identifier ON, like
 * every other bare word (SET group_commit = async_mode gives SqlIdentifier async_mode).
 */
SqlNode DorisSetValue() :
{
    final SqlNode e;
}
{
    <DEFAULT_> { return SqlStdOperatorTable.DEFAULT.createCall(getPos()); }
|
    <ON> { return new SqlIdentifier("ON", getPos()); }
|
    e = Expression(ExprContext.ACCEPT_NON_QUERY) { return e; }
}

/* ---------------------------------------------------------------- transactions */

SqlNode DorisBegin() :
{
    Span s;
    String label = null;
}
{
    (
        <BEGIN> { s = span(); } [ <WITH> <LABEL> label = DorisWordOrString() ]
    |
        <START> { s = span(); } <TRANSACTION>
    )
    { return new SqlBegin(s.end(this), label); }
}

SqlNode DorisCommit() :
{
    final Span s;
}
{
    <COMMIT> { s = span(); } [ <WORK> ]
    { return new SqlCommit(s.end(this)); }
}

SqlNode DorisRollback() :
{
    final Span s;
}
{
    <ROLLBACK> { s = span(); } [ <WORK> ]
    { return new SqlRollback(s.end(this)); }
}

/* ---------------------------------------------------------------- INSERT */

/** INSERT INTO [db.]t [WITH LABEL l] [(c1, ...)] (VALUES ... | query). */
SqlNode DorisInsert() :
{
    final Span s;
    final DorisParserSupport.Name name;
    String label = null;
    SqlNodeList columns = null;
    final SqlNode source;
}
{
    <INSERT> { s = span(); } <INTO> name = DorisName()
    // Three tokens so that a CTE named "label" (WITH label AS ...) is still a query.
    [ LOOKAHEAD(3) <WITH> <LABEL> label = DorisWordOrString() ]
    [ LOOKAHEAD(2) columns = ParenthesizedSimpleIdentifierList() ]
    source = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    {
        return new SqlDorisInsert(s.end(this), name.database(), name.name(), label,
            DorisParserSupport.names(columns), source);
    }
}

/* ---------------------------------------------------------------- expressions */

/** @@name, @@session.name, @@global.name, @@local.name anywhere an expression may stand. */
SqlNode DorisSystemVariable() :
{
}
{
    <DORIS_SYSTEM_VARIABLE> { return DorisParserSupport.systemVariable(token.image, getPos()); }
}

/**
 * MySQL's two forms of CONVERT: CONVERT(x, type) is CAST(x AS type) (CONVERT(x, CHAR), CONVERT(x, SIGNED),
 * CONVERT(x, UNSIGNED INTEGER), CONVERT(x, DECIMAL(10,2)) ...); CONVERT(x USING charset) is x as text, since text
 * is UTF-8 whatever charset a client names (Calcite's TRANSLATE would reject MySQL's names such as utf8mb4).
 * Calcite's other forms (Oracle's CONVERT(x, to [, from]) with character sets, MSSQL's CONVERT(type, x)) are not
 * MySQL's and are not taken.
 */
SqlNode DorisConvert() :
{
    final Span s;
    final List<SqlNode> args = new ArrayList<SqlNode>();
    final SqlDataTypeSpec type;
}
{
    <CONVERT> { s = span(); }
    <LPAREN> AddExpression(args, ExprContext.ACCEPT_SUB_QUERY)
    (
        <USING> SimpleIdentifier() <RPAREN> {
            args.add(new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, s.end(this)), s.end(this)));
            return SqlStdOperatorTable.CAST.createCall(s.end(this), args);
        }
    |
        <COMMA> type = DataType() { args.add(type); }
        <RPAREN> { return SqlStdOperatorTable.CAST.createCall(s.end(this), args); }
    )
}

/** CURRENT_USER(), SESSION_USER(), SYSTEM_USER(), CURRENT_ROLE(): Calcite's context functions, MySQL's parentheses. */
SqlNode DorisNiladicFunctionCall() :
{
    final SqlOperator op;
}
{
    (
        <CURRENT_USER> { op = SqlStdOperatorTable.CURRENT_USER; }
    |
        <SESSION_USER> { op = SqlStdOperatorTable.SESSION_USER; }
    |
        <SYSTEM_USER> { op = SqlStdOperatorTable.SYSTEM_USER; }
    |
        <CURRENT_ROLE> { op = SqlStdOperatorTable.CURRENT_ROLE; }
    )
    <LPAREN> <RPAREN>
    { return op.createCall(getPos()); }
}

/* ---------------------------------------------------------------- KILL */

/** KILL [CONNECTION | QUERY] id: MySQL's and Doris's; the id is SHOW PROCESSLIST's. */
SqlNode DorisKill() :
{
    final Span s;
    boolean connection = true;
    final SqlLiteral id;
}
{
    <KILL> { s = span(); }
    [ <CONNECTION> | <QUERY> { connection = false; } ]
    id = UnsignedNumericLiteral()
    { return new SqlKill(s.end(this), connection, id.bigDecimalValue().longValueExact()); }
}
