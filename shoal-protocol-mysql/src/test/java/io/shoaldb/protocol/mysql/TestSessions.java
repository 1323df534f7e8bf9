package io.shoaldb.protocol.mysql;

import io.shoaldb.api.Authenticator;
import io.shoaldb.api.CredentialVersion;
import io.shoaldb.api.ClientInfo;
import io.shoaldb.api.PreparedStatementInfo;
import io.shoaldb.api.QueryResult;
import io.shoaldb.api.ResultColumn;
import io.shoaldb.api.RowListResult;
import io.shoaldb.api.ServerInfo;
import io.shoaldb.api.Session;
import io.shoaldb.api.SessionFactory;
import io.shoaldb.api.SessionStatus;
import io.shoaldb.api.StatementResult;
import io.shoaldb.api.UpdateResult;
import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SessionFactory for protocol tests: users root (no password) and alice (password "secret"), one database
 * "db" besides none, and a session that understands a handful of test statements (see {@link TestSession#run}).
 */
final class TestSessions implements SessionFactory {
    static final String VERSION = "5.7.99";
    static final List<ResultColumn> ALL_TYPES = List.of(
            ResultColumn.of("c_boolean", DataType.BOOLEAN),
            ResultColumn.of("c_tinyint", DataType.TINYINT),
            ResultColumn.of("c_smallint", DataType.SMALLINT),
            ResultColumn.of("c_int", DataType.INT),
            ResultColumn.of("c_bigint", DataType.BIGINT),
            ResultColumn.of("c_largeint", DataType.LARGEINT),
            ResultColumn.of("c_float", DataType.FLOAT),
            ResultColumn.of("c_double", DataType.DOUBLE),
            ResultColumn.of("c_decimal", DataType.decimal(27, 9)),
            ResultColumn.of("c_date", DataType.DATE),
            ResultColumn.of("c_datetime", DataType.datetime(0)),
            ResultColumn.of("c_datetime6", DataType.datetime(6)),
            ResultColumn.of("c_char", DataType.charType(10)),
            ResultColumn.of("c_varchar", DataType.varchar(100)),
            ResultColumn.of("c_string", DataType.STRING),
            ResultColumn.of("c_json", DataType.JSON),
            new ResultColumn("c_notnull", "t", "db", DataType.INT, false));
    static final List<Object> ROW = Arrays.asList(
            true, -128L, -32768L, -2147483648L, Long.MIN_VALUE,
            new BigInteger("-170141183460469231731687303715884105728"),
            0.1f, 0.1 + 0.2, new BigDecimal("-123456789012345678.123456789"),
            LocalDate.of(2024, 2, 29), LocalDateTime.of(1999, 12, 31, 23, 59, 59),
            LocalDateTime.of(2024, 2, 29, 12, 34, 56, 123456000),
            "héllo", "wörld ✓ 😀", "text", "{\"a\": [1, 2]}", 7L);
    static final List<Object> ROW2 = Arrays.asList(
            false, 127L, 32767L, 2147483647L, Long.MAX_VALUE,
            new BigInteger("170141183460469231731687303715884105727"),
            Float.MAX_VALUE, Double.MIN_VALUE, new BigDecimal("0.5"),
            LocalDate.of(1, 1, 1), LocalDateTime.of(9999, 12, 31, 0, 0, 0),
            LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1000),
            "", "", "", "null", 0L);
    static final List<Object> NULLS;

    static {
        List<Object> nulls = new ArrayList<>();
        for (int i = 0; i < ALL_TYPES.size() - 1; i++) {
            nulls.add(null);
        }
        nulls.add(1L);
        NULLS = nulls;
    }

    final TestAuthenticator authenticator = new TestAuthenticator();
    final List<ClientInfo> opened = new CopyOnWriteArrayList<>();
    /** Session calls made on a platform thread (an event loop would be one): must stay empty. */
    final List<String> callsOffVirtualThreads = new CopyOnWriteArrayList<>();

    private void checkThread(String call) {
        if (!Thread.currentThread().isVirtual()) {
            callsOffVirtualThreads.add(call + " on " + Thread.currentThread().getName());
        }
    }
    final List<TestSession> sessions = new CopyOnWriteArrayList<>();
    final Map<String, String> variables = new ConcurrentHashMap<>();
    private final AtomicInteger statementIds = new AtomicInteger();

    TestSessions() {
        variables.put("auto_increment_increment", "1");
        variables.put("character_set_client", "utf8mb4");
        variables.put("character_set_connection", "utf8mb4");
        variables.put("character_set_results", "utf8mb4");
        variables.put("character_set_server", "utf8mb4");
        variables.put("collation_server", "utf8mb4_general_ci");
        variables.put("collation_connection", "utf8mb4_general_ci");
        variables.put("init_connect", "");
        variables.put("interactive_timeout", "28800");
        variables.put("license", "Apache License 2.0");
        variables.put("lower_case_table_names", "0");
        variables.put("max_allowed_packet", Integer.toString(64 * 1024 * 1024));
        variables.put("net_write_timeout", "600");
        variables.put("performance_schema", "0");
        variables.put("sql_mode", "");
        variables.put("system_time_zone", "UTC");
        variables.put("time_zone", "+00:00");
        variables.put("transaction_isolation", "REPEATABLE-READ");
        variables.put("tx_isolation", "REPEATABLE-READ");
        variables.put("wait_timeout", "28800");
        variables.put("version_comment", "ShoalDB test");
        variables.put("version", VERSION);
        variables.put("autocommit", "1");
    }

    @Override
    public Session open(ClientInfo client, Runnable disconnect) {
        checkThread("open");
        if (client.initialDatabase() != null && !client.initialDatabase().equals("db")) {
            throw ErrorCode.UNKNOWN_DATABASE.exception(client.initialDatabase());
        }
        opened.add(client);
        TestSession session = new TestSession(client);
        sessions.add(session);
        return session;
    }

    @Override
    public Authenticator authenticator() {
        return authenticator;
    }

    /** root has no password, alice's is "secret"; tests bump the credential version as a password change would. */
    static final class TestAuthenticator implements Authenticator, CredentialVersion {
        final AtomicLong version = new AtomicLong();

        @Override
        public boolean verifyNativePassword(String user, byte[] scramble, byte[] response) {
            String password = password(user);
            return password != null && Arrays.equals(scramblePassword(password, scramble), response);
        }

        @Override
        public boolean verifyPassword(String user, String password) {
            return password != null && password.equals(password(user));
        }

        @Override
        public long credentialVersion() {
            return version.get();
        }

        private static String password(String user) {
            return switch (user) {
                case "root" -> "";
                case "alice" -> "secret";
                default -> null;
            };
        }
    }

    @Override
    public ServerInfo serverInfo() {
        return new ServerInfo(VERSION, "ShoalDB test");
    }

    /** mysql_native_password: SHA1(password) XOR SHA1(scramble + SHA1(SHA1(password))); empty for no password. */
    static byte[] scramblePassword(String password, byte[] scramble) {
        if (password.isEmpty()) {
            return new byte[0];
        }
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            byte[] stage1 = sha1.digest(password.getBytes(StandardCharsets.UTF_8));
            byte[] stage2 = sha1.digest(stage1);
            sha1.update(scramble);
            byte[] mix = sha1.digest(stage2);
            for (int i = 0; i < mix.length; i++) {
                mix[i] ^= stage1[i];
            }
            return mix;
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    TestSession lastSession() {
        return sessions.getLast();
    }

    /** The test statements; everything a session was asked is recorded for assertions. */
    final class TestSession implements Session {
        final ClientInfo client;
        final List<String> statements = new CopyOnWriteArrayList<>();
        final AtomicInteger closes = new AtomicInteger();
        final AtomicInteger resets = new AtomicInteger();
        volatile List<Object> lastParameters;
        volatile String database;
        private final Map<Integer, String> prepared = new HashMap<>();
        private boolean autocommit = true;
        private boolean inTransaction;

        /** Set by the network thread when the client hangs up. */
        volatile boolean aborted;
        /** The statements answered through {@link #executeIfImmediate}, each with the kind of thread it ran on. */
        final List<String> immediate = new CopyOnWriteArrayList<>();
        /** Statements starting with DEFERRED, by text: each ends when the test completes its future. */
        final Map<String, CompletableFuture<StatementResult>> deferred = new ConcurrentHashMap<>();

        TestSession(ClientInfo client) {
            this.client = client;
            this.database = client.initialDatabase();
        }

        @Override
        public long connectionId() {
            return client.connectionId();
        }

        @Override
        public String currentDatabase() {
            return database;
        }

        @Override
        public void useDatabase(String name) {
            if (!name.equals("db")) {
                throw ErrorCode.UNKNOWN_DATABASE.exception(name);
            }
            database = name;
        }

        @Override
        public StatementResult execute(String sql) {
            checkThread("execute");
            statements.add(sql);
            return run(sql, List.of());
        }

        /**
         * Statements starting with DEFERRED return a future the test completes ({@link #deferred}); as a real
         * session does, the statement finishes on {@code finisher}, whichever thread completed it.
         */
        @Override
        public CompletableFuture<StatementResult> executeAsync(String sql, Executor finisher) {
            if (!sql.startsWith("DEFERRED")) {
                return Session.super.executeAsync(sql, finisher);
            }
            checkThread("executeAsync");
            statements.add(sql);
            CompletableFuture<StatementResult> result = new CompletableFuture<>();
            deferred.put(sql, result);
            CompletableFuture<StatementResult> finished = new CompletableFuture<>();
            result.whenComplete((value, failure) -> finisher.execute(() -> {
                if (failure == null) {
                    finished.complete(value);
                } else {
                    finished.completeExceptionally(failure);
                }
            }));
            return finished;
        }

        /** Statements starting with IMMEDIATE are answered at once (IMMEDIATE FAIL with an error). */
        @Override
        public StatementResult executeIfImmediate(String sql) {
            if (!sql.toUpperCase(Locale.ROOT).startsWith("IMMEDIATE")) {
                return null;
            }
            immediate.add(sql + (Thread.currentThread().isVirtual() ? " on a virtual thread" : " on a platform thread"));
            statements.add(sql);
            return run(sql, List.of());
        }

        @Override
        public PreparedStatementInfo prepare(String sql) {
            statements.add("PREPARE " + sql);
            if (sql.startsWith("BAD")) {
                throw ErrorCode.SYNTAX_ERROR.exception("near 'BAD'");
            }
            int id = statementIds.incrementAndGet();
            prepared.put(id, sql);
            int count = (int) sql.chars().filter(c -> c == '?').count();
            List<ResultColumn> columns = sql.startsWith("SELECT ALL_TYPES") ? ALL_TYPES : List.of();
            return new PreparedStatementInfo(id, count, columns);
        }

        @Override
        public StatementResult executePrepared(int statementId, List<Object> parameters) {
            checkThread("executePrepared");
            String sql = prepared.get(statementId);
            if (sql == null) {
                throw ErrorCode.UNKNOWN_STMT_HANDLER.exception(statementId, "EXECUTE");
            }
            lastParameters = new ArrayList<>(parameters);
            return run(sql, parameters);
        }

        @Override
        public void closePrepared(int statementId) {
            prepared.remove(statementId);
        }

        @Override
        public List<ResultColumn> listFields(String table, String wildcard) {
            if (!table.equals("t")) {
                throw ErrorCode.NO_SUCH_TABLE.exception("db", table);
            }
            return ALL_TYPES.subList(0, 3);
        }

        @Override
        public void reset() {
            resets.incrementAndGet();
            prepared.clear();
            autocommit = true;
            inTransaction = false;
        }

        @Override
        public void abort() {
            aborted = true;
        }

        @Override
        public SessionStatus status() {
            return new SessionStatus(autocommit, inTransaction);
        }

        @Override
        public void close() {
            checkThread("close");
            closes.incrementAndGet();
        }

        int preparedCount() {
            return prepared.size();
        }

        private StatementResult run(String sql, List<Object> parameters) {
            String upper = sql.strip().toUpperCase(Locale.ROOT);
            // Connector/J's executeQuery wants a SELECT, so test keywords may come after one.
            for (String keyword : List.of("LENGTH", "ROWS ", "MIDFAIL", "FAIL", "BOOM")) {
                if (upper.startsWith("SELECT " + keyword)) {
                    upper = upper.substring(7);
                }
            }
            if (upper.contains("@@")) {
                return variables(sql);
            }
            if (upper.startsWith("SELECT ALL_TYPES")) {
                return new RowListResult(ALL_TYPES, List.of(ROW, ROW2, NULLS));
            }
            if (upper.startsWith("SELECT ECHO") || upper.startsWith("ECHO")) {
                return echo(parameters, sql);
            }
            if (upper.startsWith("ROWS ")) {
                int count = upper.contains("?") ? 3 : Integer.parseInt(upper.substring(5).strip());
                List<List<Object>> rows = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    rows.add(List.of((long) i, "row " + i));
                }
                return new RowListResult(List.of(ResultColumn.of("n", DataType.BIGINT),
                        ResultColumn.of("s", DataType.STRING)), rows);
            }
            if (upper.startsWith("MIDFAIL")) {
                return new FailingResult();
            }
            if (upper.startsWith("LENGTH")) {
                return new RowListResult(List.of(ResultColumn.of("length", DataType.BIGINT)),
                        List.of(List.of((long) sql.length())));
            }
            if (upper.startsWith("FAIL")) {
                throw ErrorCode.NO_SUCH_TABLE.exception("db", "missing");
            }
            if (upper.startsWith("BOOM")) {
                throw new IllegalStateException("boom");
            }
            if (upper.startsWith("INSERT")) {
                return new UpdateResult(Math.max(1, parameters.size()), 1,
                        "{'label':'shoal_1', 'status':'VISIBLE', 'txnId':'7'}");
            }
            if (upper.startsWith("BEGIN") || upper.startsWith("START TRANSACTION")) {
                inTransaction = true;
                return UpdateResult.OK;
            }
            if (upper.startsWith("COMMIT") || upper.startsWith("ROLLBACK")) {
                inTransaction = false;
                return UpdateResult.OK;
            }
            if (upper.startsWith("SET AUTOCOMMIT")) {
                autocommit = upper.endsWith("1") || upper.endsWith("TRUE");
                return UpdateResult.OK;
            }
            if (upper.startsWith("SET") || upper.startsWith("USE") || upper.startsWith("DO")) {
                return UpdateResult.OK;
            }
            if (upper.startsWith("SHOW WARNINGS")) {
                return new RowListResult(List.of(ResultColumn.of("Level", DataType.varchar(10)),
                        ResultColumn.of("Code", DataType.INT), ResultColumn.of("Message", DataType.STRING)), List.of());
            }
            if (upper.startsWith("IMMEDIATE FAIL")) {
                throw ErrorCode.NO_SUCH_TABLE.exception("db", "missing");
            }
            if (upper.startsWith("IMMEDIATE")) {
                return new RowListResult(List.of(ResultColumn.of("immediate", DataType.STRING)), List.of(List.of(sql)));
            }
            if (upper.startsWith("SELECT 1")) {
                return new RowListResult(List.of(ResultColumn.of("1", DataType.INT)), List.of(List.of(1L)));
            }
            throw ErrorCode.SYNTAX_ERROR.exception("near '" + sql + "'");
        }

        /** One row echoing the parameters, each column typed after its value's class. */
        private QueryResult echo(List<Object> parameters, String sql) {
            List<ResultColumn> columns = new ArrayList<>();
            List<Object> row = new ArrayList<>();
            if (parameters.isEmpty()) {
                columns.add(ResultColumn.of("echo", DataType.STRING));
                row.add(sql);
            }
            for (int i = 0; i < parameters.size(); i++) {
                Object value = parameters.get(i);
                DataType type = switch (value) {
                    case null -> DataType.STRING;
                    case Long l -> DataType.BIGINT;
                    case BigInteger b -> DataType.LARGEINT;
                    case Float f -> DataType.FLOAT;
                    case Double d -> DataType.DOUBLE;
                    case BigDecimal d -> DataType.decimal(38, Math.max(0, Math.min(d.scale(), 37)));
                    case LocalDate d -> DataType.DATE;
                    case LocalDateTime d -> DataType.datetime(6);
                    default -> DataType.STRING;
                };
                if (value instanceof byte[] bytes) {
                    value = new String(bytes, StandardCharsets.ISO_8859_1);
                } else if (value instanceof Duration duration) {
                    value = duration.toString();
                }
                columns.add(ResultColumn.of("p" + i, type));
                row.add(value);
            }
            return new RowListResult(columns, List.of(row));
        }

        /** Connector/J's and MariaDB's connect-time variable queries: one row of the names asked for. */
        private QueryResult variables(String sql) {
            List<ResultColumn> columns = new ArrayList<>();
            List<Object> row = new ArrayList<>();
            Matcher m = Pattern.compile("@@(?:session\\.|global\\.)?(\\w+)(?:\\s+AS\\s+(\\w+))?",
                    Pattern.CASE_INSENSITIVE).matcher(sql);
            while (m.find()) {
                String name = m.group(1).toLowerCase(Locale.ROOT);
                String label = m.group(2) != null ? m.group(2) : m.group(0);
                columns.add(ResultColumn.of(label, DataType.STRING));
                row.add(variables.get(name));
            }
            return new RowListResult(columns, List.of(row));
        }
    }

    /** A result that fails after its first row, to test an error in the middle of a result set. */
    private static final class FailingResult implements QueryResult {
        private int position;

        @Override
        public List<ResultColumn> columns() {
            return List.of(ResultColumn.of("n", DataType.BIGINT));
        }

        @Override
        public boolean next() {
            if (position++ >= 1) {
                throw ErrorCode.DIVISION_BY_ZERO.exception();
            }
            return true;
        }

        @Override
        public Object get(int index) {
            return 1L;
        }

        @Override
        public void close() {
        }
    }
}
