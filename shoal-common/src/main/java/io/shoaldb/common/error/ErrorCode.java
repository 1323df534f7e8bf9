package io.shoaldb.common.error;

/**
 * Every error a client can see. The MySQL error number and SQLSTATE are what the MySQL protocol
 * sends; the HTTP API uses the same template text. Numbers follow MySQL where MySQL has the same
 * error, and 1105 (ER_UNKNOWN_ERROR, which Doris uses for most of its own errors) otherwise.
 */
public enum ErrorCode {
    // Protocol and connection
    UNKNOWN_COMMAND(1047, "08S01", ErrorCategory.USER, "Unknown command"),
    MALFORMED_PACKET(1835, "HY000", ErrorCategory.USER, "Malformed communication packet: %s"),
    PACKET_TOO_LARGE(1153, "08S01", ErrorCategory.USER, "Got a packet bigger than 'max_allowed_packet' bytes"),
    PACKET_TOO_LARGE_BEFORE_LOGIN(1153, "08S01", ErrorCategory.USER,
            "Got a packet bigger than %d bytes before login; max_allowed_packet applies only after login"),
    ACCESS_DENIED(1045, "28000", ErrorCategory.USER, "Access denied for user '%s'@'%s' (using password: %s)"),
    TOO_MANY_CONNECTIONS(1040, "08004", ErrorCategory.RESOURCE, "Too many connections"),
    INSECURE_TRANSPORT(3159, "HY000", ErrorCategory.USER,
            "Connections using insecure transport are prohibited while --require_secure_transport=ON."),
    PACKETS_OUT_OF_ORDER(1156, "08S01", ErrorCategory.USER, "Got packets out of order"),
    NOT_SUPPORTED_AUTH_MODE(1251, "08004", ErrorCategory.USER,
            "Client does not support authentication protocol requested by server; consider upgrading MySQL client"),
    BAD_HANDSHAKE(1043, "08S01", ErrorCategory.USER, "Bad handshake"),
    UNKNOWN_STMT_HANDLER(1243, "HY000", ErrorCategory.USER, "Unknown prepared statement handler (%s) given to %s"),
    TOO_MANY_PREPARED_STATEMENTS(1461, "42000", ErrorCategory.RESOURCE,
            "Can't create more than max_prepared_stmt_count statements (current value: %d)"),
    NO_OPEN_CURSOR(1421, "HY000", ErrorCategory.USER, "The statement (%s) has no open cursor."),
    WRONG_ARGUMENTS(1210, "HY000", ErrorCategory.USER, "Incorrect arguments to %s"),
    WRONG_PARAM_COUNT(1210, "HY000", ErrorCategory.USER, "Incorrect arguments to %s: expected %d parameters, got %d"),

    // SQL text
    SYNTAX_ERROR(1064, "42000", ErrorCategory.USER, "You have an error in your SQL syntax; %s"),
    EMPTY_QUERY(1065, "42000", ErrorCategory.USER, "Query was empty"),
    NOT_SUPPORTED(1235, "42000", ErrorCategory.USER, "ShoalDB does not support %s yet"),

    WRONG_VALUE_COUNT(1136, "21S01", ErrorCategory.USER, "Column count doesn't match value count at row %d"),

    // Names
    NO_DB_SELECTED(1046, "3D000", ErrorCategory.USER, "No database selected"),
    UNKNOWN_DATABASE(1049, "42000", ErrorCategory.USER, "Unknown database '%s'"),
    DATABASE_EXISTS(1007, "HY000", ErrorCategory.USER, "Can't create database '%s'; database exists"),
    DROP_UNKNOWN_DATABASE(1008, "HY000", ErrorCategory.USER, "Can't drop database '%s'; database doesn't exist"),
    DATABASE_NOT_EMPTY(1105, "HY000", ErrorCategory.USER,
            "Database '%s' still has %d table(s); drop them first or use DROP DATABASE ... FORCE"),
    TABLE_EXISTS(1050, "42S01", ErrorCategory.USER, "Table '%s' already exists"),
    UNKNOWN_TABLE(1051, "42S02", ErrorCategory.USER, "Unknown table '%s'"),
    NO_SUCH_TABLE(1146, "42S02", ErrorCategory.USER, "Table '%s.%s' doesn't exist"),
    UNKNOWN_COLUMN(1054, "42S22", ErrorCategory.USER, "Unknown column '%s' in '%s'"),
    AMBIGUOUS_COLUMN(1052, "23000", ErrorCategory.USER, "Column '%s' in %s is ambiguous"),
    COLUMN_SPECIFIED_TWICE(1110, "42000", ErrorCategory.USER, "Column '%s' specified twice"),
    DUPLICATE_COLUMN(1060, "42S21", ErrorCategory.USER, "Duplicate column name '%s'"),
    WRONG_DB_NAME(1102, "42000", ErrorCategory.USER, "Incorrect database name '%s'"),
    WRONG_TABLE_NAME(1103, "42000", ErrorCategory.USER, "Incorrect table name '%s'"),
    WRONG_COLUMN_NAME(1166, "42000", ErrorCategory.USER, "Incorrect column name '%s'"),
    IDENTIFIER_TOO_LONG(1059, "42000", ErrorCategory.USER, "Identifier name '%s' is too long"),

    // Table definitions
    UNKNOWN_TYPE(1105, "HY000", ErrorCategory.USER, "Unknown data type '%s'"),
    INVALID_TYPE(1105, "HY000", ErrorCategory.USER, "Invalid type %s: %s"),
    INVALID_DEFAULT(1067, "42000", ErrorCategory.USER, "Invalid default value for '%s'"),
    UNKNOWN_ENGINE(1286, "42000", ErrorCategory.USER, "Unknown storage engine '%s'"),
    INVALID_TABLE_DEFINITION(1105, "HY000", ErrorCategory.USER, "%s"),
    UNKNOWN_PROPERTY(1105, "HY000", ErrorCategory.USER, "Unknown properties: %s"),
    INVALID_PROPERTY(1105, "HY000", ErrorCategory.USER, "Invalid value '%s' for property '%s': %s"),

    // Variables
    UNKNOWN_SYSTEM_VARIABLE(1193, "HY000", ErrorCategory.USER, "Unknown system variable '%s'"),
    WRONG_VALUE_FOR_VAR(1231, "42000", ErrorCategory.USER, "Variable '%s' can't be set to the value of '%s'"),
    WRONG_TYPE_FOR_VAR(1232, "42000", ErrorCategory.USER, "Incorrect argument type to variable '%s'"),
    VARIABLE_SCOPE(1238, "HY000", ErrorCategory.USER, "Variable '%s' is a %s variable"),
    UNKNOWN_CHARACTER_SET(1115, "42000", ErrorCategory.USER, "Unknown character set: '%s'"),

    // Expressions
    UNKNOWN_FUNCTION(1305, "42000", ErrorCategory.USER, "FUNCTION %s does not exist"),
    DIVISION_BY_ZERO(1365, "22012", ErrorCategory.USER, "Division by 0"),
    INVALID_VALUE(1105, "HY000", ErrorCategory.USER, "%s"),
    /** A query that names existing objects but does not type-check or cannot be analysed (Doris reports 1105). */
    INVALID_QUERY(1105, "HY000", ErrorCategory.USER, "%s"),
    SUBQUERY_MORE_THAN_ONE_ROW(1242, "21000", ErrorCategory.USER, "Subquery returns more than 1 row"),
    QUERY_TIMEOUT(3024, "HY000", ErrorCategory.USER,
            "Query execution was interrupted, maximum statement execution time exceeded (%d s)"),
    /** The statement was stopped by KILL QUERY / KILL CONNECTION or because its client went away. */
    QUERY_INTERRUPTED(1317, "70100", ErrorCategory.USER, "Query execution was interrupted"),
    UNKNOWN_THREAD(1094, "HY000", ErrorCategory.USER, "Unknown thread id: %d"),
    QUERY_QUEUE_TIMEOUT(1105, "HY000", ErrorCategory.RESOURCE,
            "query queue timeout: waited %d ms for one of the %d places (query_max_concurrency); try again later"),
    MEM_LIMIT_EXCEEDED(1105, "HY000", ErrorCategory.RESOURCE,
            "[MEM_LIMIT_EXCEEDED] the query holds %d bytes, over its exec_mem_limit of %d bytes; raise exec_mem_limit or narrow the query"),
    PROCESS_MEM_LIMIT_EXCEEDED(1105, "HY000", ErrorCategory.RESOURCE,
            "[MEM_LIMIT_EXCEEDED] process memory not enough: the server holds %d bytes, over its mem_limit of %d bytes, and this query held the most (%d bytes); it was cancelled so that loads and other queries can go on"),
    QUERY_QUEUE_FULL(1105, "HY000", ErrorCategory.RESOURCE,
            "query queue is full: %d queries running (query_max_concurrency) and %d waiting (query_max_queue_size); try again later"),

    // HTTP front door (Stream Load); texts follow Doris's BE/FE where Doris has the same error
    HTTP_NO_AUTH(1045, "28000", ErrorCategory.USER, "no valid Basic authorization"),
    HTTP_NOT_FOUND(1105, "HY000", ErrorCategory.USER, "Not Found: %s"),
    HTTP_METHOD_NOT_ALLOWED(1105, "HY000", ErrorCategory.USER, "Method %s is not allowed for %s; use %s"),
    HTTP_MALFORMED_REQUEST(1105, "HY000", ErrorCategory.USER, "Malformed HTTP request: %s"),
    HTTP_HEADERS_TOO_LARGE(1105, "HY000", ErrorCategory.USER, "HTTP request line or headers exceed %d bytes"),
    HTTP_MISSING_PARAMETER(1105, "HY000", ErrorCategory.USER, "Missing required parameter '%s'"),
    HTTP_BOTH_LENGTHS(1105, "HY000", ErrorCategory.USER, "please do not set both content_length and transfer-encoding"),
    HTTP_NO_LENGTH(1105, "HY000", ErrorCategory.USER,
            "content_length is empty and transfer-encoding!=chunked, please set content_length or transfer-encoding=chunked"),
    HTTP_BODY_TOO_LARGE(1105, "HY000", ErrorCategory.USER,
            "body size %d exceed BE's conf `streaming_load_max_mb` %d. increase it if you are sure this load is reasonable"),
    HTTP_BODY_STALLED(1105, "HY000", ErrorCategory.USER,
            "stream load body stalled: no data received for %d ms after %d bytes; the load is aborted"),
    HTTP_CLIENT_GONE(1105, "HY000", ErrorCategory.IO,
            "client closed the connection after %d of %s body bytes; the load is aborted"),
    HTTP_TOO_MANY_CONNECTIONS(1040, "08004", ErrorCategory.RESOURCE,
            "Too many HTTP connections: at most %d are served at once (`http_max_connections`); retry later"),
    HTTP_TOO_MANY_LOADS(1105, "HY000", ErrorCategory.RESOURCE,
            "Too many Stream Loads: at most %d run at once (`streaming_load_max_concurrency`); retry later"),
    HTTP_FORWARD_DISABLED(1105, "HY000", ErrorCategory.USER,
            "Stream load forward is disabled. Set enable_group_commit_streamload_be_forward=true to enable."),
    HTTP_FORWARD_NOT_IMPLEMENTED(1235, "42000", ErrorCategory.USER,
            "Stream load forward is not implemented: ShoalDB runs as a single node, multi-node forwarding comes with"
                    + " scale-out; send the load to /api/%s/%s/_stream_load on this node"),

    // Load data quality (Stream Load headers, filtered rows); texts follow Doris's BE stream_load.cpp and FE inserts
    LOAD_INVALID_ARGUMENT(1105, "HY000", ErrorCategory.USER, "%s"),
    LOAD_JSON_BODY_TOO_LARGE(1105, "HY000", ErrorCategory.USER,
            "json body size %d exceed BE's conf `streaming_load_json_max_mb` %d. increase it if you are sure this load"
                    + " is reasonable"),
    LOAD_RECORD_TOO_LARGE(1105, "HY000", ErrorCategory.USER,
            "%s is larger than BE's conf `%s` allows (%d bytes); nothing of this load is committed. Split the record,"
                    + " or increase the limit if you are sure this load is reasonable"),
    LOAD_RECORD_BUFFERS_FULL(1105, "HY000", ErrorCategory.RESOURCE,
            "A record of this load needs %d more bytes of buffer, but loads already hold %d of the %d bytes of"
                    + " `streaming_load_record_buffer_mem_limit` for large records; nothing of this load is committed."
                    + " Retry it later or split the records"),
    LOAD_TOO_MANY_FILTERED_ROWS(1105, "HY000", ErrorCategory.USER, "too many filtered rows"),
    // Doris reports these two as 5025; the MariaDB client library reserves 5000-5999 for its own errors
    // and rejects such an ERR packet as malformed, so ShoalDB uses 1105 like Doris's other errors.
    INSERT_FILTERED_IN_STRICT_MODE(1105, "HY000", ErrorCategory.USER, "Insert has filtered data in strict mode"),
    INSERT_TOO_MANY_FILTERED(1105, "HY000", ErrorCategory.USER,
            "Insert has too many filtered data %d/%d insert_max_filter_ratio is %f"),

    // Transactions and labels; texts follow Doris's FE (LabelAlreadyUsedException, DatabaseTransactionMgr)
    LABEL_ALREADY_EXISTS(1105, "HY000", ErrorCategory.USER,
            "Label [%s] has already been used, relate to txn [%d], status [%s]."),
    TXN_NOT_FOUND(1105, "HY000", ErrorCategory.USER, "transaction [%d] not found"),
    TXN_ALREADY_ABORTED(1105, "HY000", ErrorCategory.USER, "transaction [%d] is already aborted. abort reason: %s"),
    TXN_INVALID_STATE(1105, "HY000", ErrorCategory.USER, "transaction [%d] is already %s"),
    COMPACTION_STALE(1105, "HY000", ErrorCategory.USER, "compaction of tablet %d in table %d is stale: %s"),

    // Group commit; texts follow Doris (group_commit_mgr / wal_table, PR #65362; GroupCommitManager.blockTable)
    GROUP_COMMIT_TOO_MANY_WALS(1105, "HY000", ErrorCategory.RESOURCE,
            "[EXCEEDED_LIMIT]Too many group commit async WALs for table %s, limit=%d, wal count=%d,"
                    + " last replay wal failed reason: %s"),
    GROUP_COMMIT_TABLE_BLOCKED(1105, "HY000", ErrorCategory.RESOURCE, "insert table %s is blocked on schema change"),
    GROUP_COMMIT_STOPPED(1105, "HY000", ErrorCategory.RESOURCE,
            "group commit is shutting down; the load into table %s was not accepted, retry it"),
    // Doris's text for a load past its timeout (ERR_EXECUTE_TIMEOUT; 1105 for the MariaDB client, see above)
    GROUP_COMMIT_LOAD_TIMEOUT(1105, "HY000", ErrorCategory.RESOURCE,
            "Execute timeout: the group commit load into table %s did not finish within its timeout of %d s and"
                    + " was not acknowledged; %s"),
    GROUP_COMMIT_WAIT_TIMEOUT(1105, "HY000", ErrorCategory.RESOURCE,
            "%s on table %s did not finish within query_timeout (%d s) waiting for the table's group commit"
                    + " batches; the acknowledged rows stay queued and become visible when their batches commit"),
    GROUP_COMMIT_NOT_VISIBLE(1105, "HY000", ErrorCategory.RESOURCE,
            "table %s has %d group commit WAL(s) whose acknowledged rows are not visible yet (they are kept and"
                    + " replayed again by the next SYNC GROUP COMMIT or at restart); last replay failure: %s"),

    // Users and privileges; texts follow Doris's FE ErrorCode (MySQL's numbers)
    TABLE_ACCESS_DENIED(1142, "42000", ErrorCategory.USER, "%s command denied to user '%s'@'%s' for table '%s'"),
    DB_ACCESS_DENIED(1044, "42000", ErrorCategory.USER, "Access denied for user '%s'@'%s' to database '%s'"),
    SPECIFIC_ACCESS_DENIED(1227, "42000", ErrorCategory.USER,
            "Access denied; you need (at least one of) the (%s) privilege(s) for this operation"),
    KILL_DENIED(1095, "HY000", ErrorCategory.USER, "You are not owner of thread %d"),
    ACCOUNT_OPERATION_FAILED(1396, "HY000", ErrorCategory.USER, "Operation %s failed for %s"),
    STORAGE_VAULT_EXISTS(1105, "HY000", ErrorCategory.USER, "Storage vault '%s' already exists"),
    STORAGE_VAULT_NOT_FOUND(1105, "HY000", ErrorCategory.USER, "Storage vault '%s' does not exist"),
    STORAGE_VAULT_MISSING_PROPERTY(1105, "HY000", ErrorCategory.USER, "Missing property '%s' for storage vault '%s'"),
    STORAGE_VAULT_UNREACHABLE(1105, "HY000", ErrorCategory.USER, "Cannot reach storage vault '%s': %s"),
    NONEXISTING_GRANT(1141, "42000", ErrorCategory.USER, "There is no such grant defined for user '%s' on host '%s'"),
    UNKNOWN_PRIVILEGE(1105, "HY000", ErrorCategory.USER,
            "Unknown privilege type %s; the privileges are SELECT_PRIV, LOAD_PRIV, ALTER_PRIV, CREATE_PRIV,"
                    + " DROP_PRIV, ADMIN_PRIV, GRANT_PRIV, USAGE_PRIV and ALL"),
    ACCOUNT_NAME_TOO_LONG(1470, "HY000", ErrorCategory.USER,
            "String '%s' is too long for %s (should be no longer than %d)"),
    INVALID_PASSWORD_HASH(1372, "HY000", ErrorCategory.USER,
            "Password hash should be a 41-digit hexadecimal number"),
    BUILTIN_ACCOUNT(1105, "HY000", ErrorCategory.USER, "%s"),

    // Resources and internals
    IO_ERROR(1105, "HY000", ErrorCategory.IO, "I/O error on %s: %s"),
    CORRUPT_FILE(1105, "HY000", ErrorCategory.IO, "Corrupt file %s: %s"),
    DISK_FULL(1021, "HY000", ErrorCategory.RESOURCE, "Disk full (%s)"),
    STORAGE_LAYOUT_MISMATCH(1105, "HY000", ErrorCategory.USER,
            "Data path %s holds the data partition layout %s, but the configuration now yields %s; restore the"
                    + " previous storage_root_path / partition count, or move the data first (nothing was changed)"),
    INTERNAL_ERROR(1105, "HY000", ErrorCategory.INTERNAL, "Internal error: %s");

    private final int mysqlErrorNumber;
    private final String sqlState;
    private final ErrorCategory category;
    private final String template;

    ErrorCode(int mysqlErrorNumber, String sqlState, ErrorCategory category, String template) {
        this.mysqlErrorNumber = mysqlErrorNumber;
        this.sqlState = sqlState;
        this.category = category;
        this.template = template;
    }

    public int mysqlErrorNumber() {
        return mysqlErrorNumber;
    }

    public String sqlState() {
        return sqlState;
    }

    public ErrorCategory category() {
        return category;
    }

    public String template() {
        return template;
    }

    /** Formats the template with its arguments; a template without placeholders ignores them. */
    public String format(Object... args) {
        return args.length == 0 ? template : String.format(template, args);
    }

    /** A ready-to-throw exception of this code. */
    public ShoalException exception(Object... args) {
        return new ShoalException(this, format(args));
    }

    /** Like {@link #exception(Object...)} but keeps the cause for the log. */
    public ShoalException exceptionWithCause(Throwable cause, Object... args) {
        return new ShoalException(this, format(args), cause);
    }
}
