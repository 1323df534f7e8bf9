package io.shoaldb.server.variable;

import static io.shoaldb.server.variable.VariableDefinition.of;
import static io.shoaldb.server.variable.VariableScope.GLOBAL_ONLY;
import static io.shoaldb.server.variable.VariableScope.READ_ONLY;
import static io.shoaldb.server.variable.VariableType.BOOLEAN;
import static io.shoaldb.server.variable.VariableType.DOUBLE;
import static io.shoaldb.server.variable.VariableType.INTEGER;
import static io.shoaldb.server.variable.VariableType.ON_OFF;
import static io.shoaldb.server.variable.VariableType.STRING;

import io.shoaldb.api.ServerInfo;
import io.shoaldb.common.error.ErrorCode;
import java.util.Collection;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The variables ShoalDB knows: Doris's load-related ones, and the MySQL ones that clients read or set
 * when they connect (Connector/J, MariaDB Connector/J, the mysql CLI, go-sql-driver). Several MySQL
 * variables are accepted for compatibility and have no effect; their comments say so.
 */
public final class VariableRegistry {
    public static final String GROUP_COMMIT = "group_commit";
    public static final String AUTOCOMMIT = "autocommit";
    public static final String GROUP_COMMIT_REQUEST_ID = "group_commit_request_id";
    public static final String ENABLE_PREPARED_STMT_AUDIT_LOG = "enable_prepared_stmt_audit_log";
    public static final String ENABLE_PROFILE = "enable_profile";
    public static final String INSERT_MAX_FILTER_RATIO = "insert_max_filter_ratio";
    public static final String ENABLE_INSERT_STRICT = "enable_insert_strict";
    public static final String MAX_ALLOWED_PACKET = "max_allowed_packet";
    public static final String MAX_PREPARED_STMT_COUNT = "max_prepared_stmt_count";

    private final Map<String, VariableDefinition> definitions;
    private final VariableDefinition[] byId;
    // Resolved once: the variables every INSERT or reply reads (SessionVariables' typed accessors).
    final VariableDefinition groupCommit;
    final VariableDefinition autocommit;
    final VariableDefinition groupCommitRequestId;
    final VariableDefinition preparedStatementAuditLog;
    final VariableDefinition profile;
    final VariableDefinition insertMaxFilterRatio;
    final VariableDefinition insertStrict;
    final VariableDefinition insertTimeout;
    final VariableDefinition queryTimeout;
    final VariableDefinition uniqueKeyPartialUpdate;

    public VariableRegistry(ServerInfo serverInfo, int maxAllowedPacket) {
        Map<String, VariableDefinition> map = new TreeMap<>();
        // Doris load behaviour.
        add(map, of(GROUP_COMMIT, STRING, "off_mode").oneOf("off_mode", "sync_mode", "async_mode"));
        add(map, of(ENABLE_PREPARED_STMT_AUDIT_LOG, BOOLEAN, "false"));
        // Beyond Doris: a client id for the next group-commit INSERT; a retry with the same id loads once.
        add(map, of(GROUP_COMMIT_REQUEST_ID, STRING, ""));
        add(map, of(INSERT_MAX_FILTER_RATIO, DOUBLE, "1.0").range(0, 1));
        add(map, of(ENABLE_INSERT_STRICT, BOOLEAN, "true"));
        add(map, of("enable_unique_key_partial_update", BOOLEAN, "false"));
        add(map, of("insert_timeout", INTEGER, "14400").range(1, Integer.MAX_VALUE));
        add(map, of("query_timeout", INTEGER, "900").range(1, Integer.MAX_VALUE));
        // Doris: profile every query of the session; SHOW QUERY PROFILE shows the kept ones.
        add(map, of(ENABLE_PROFILE, BOOLEAN, "false"));
        // Accepted for Doris programs; the planner choice has no meaning in ShoalDB.
        add(map, of("enable_nereids_planner", BOOLEAN, "true"));
        add(map, of("enable_fallback_to_original_planner", BOOLEAN, "true"));
        add(map, of("exec_mem_limit", INTEGER, "2147483648").range(1, Long.MAX_VALUE));
        // Doris's spill switches. On by default here (Doris: off): a query over exec_mem_limit should spill, not fail.
        add(map, of("enable_spill", BOOLEAN, "true"));
        add(map, of("enable_force_spill", BOOLEAN, "false"));
        add(map, of("min_revocable_mem", INTEGER, "33554432").range(1, Long.MAX_VALUE));
        // Drivers per pipeline of a query; 0 = one per data partition.
        add(map, of("parallel_pipeline_task_num", INTEGER, "0").range(0, 1024));
        // Joins whose build side is estimated at up to this many rows share one hash table (broadcast); bigger
        // ones are hash-partitioned. Lower than Doris's 30M: in one process a partitioned build runs in parallel.
        add(map, of("broadcast_row_count_limit", INTEGER, "200000").range(0, Long.MAX_VALUE));
        // MySQL session basics.
        add(map, of(AUTOCOMMIT, ON_OFF, "ON"));
        add(map, of("auto_increment_increment", INTEGER, "1").range(1, 65535));
        add(map, of("auto_increment_offset", INTEGER, "1").range(1, 65535));
        for (String charsetVar : new String[] {"character_set_client", "character_set_connection",
                "character_set_results", "character_set_server", "character_set_database"}) {
            add(map, of(charsetVar, STRING, "utf8mb4").allowingNull());
        }
        add(map, of("character_set_system", STRING, "utf8").withScope(READ_ONLY));
        add(map, of("collation_connection", STRING, "utf8mb4_general_ci"));
        add(map, of("collation_database", STRING, "utf8mb4_general_ci"));
        add(map, of("collation_server", STRING, "utf8mb4_general_ci"));
        add(map, of("init_connect", STRING, "").withScope(GLOBAL_ONLY));
        add(map, of("interactive_timeout", INTEGER, "3600").range(1, 31_536_000));
        add(map, of("wait_timeout", INTEGER, "28800").range(1, 31_536_000));
        add(map, of("net_read_timeout", INTEGER, "60").range(1, 31_536_000));
        add(map, of("net_write_timeout", INTEGER, "60").range(1, 31_536_000));
        add(map, of("net_buffer_length", INTEGER, "16384").range(1024, 1_048_576));
        add(map, of(MAX_ALLOWED_PACKET, INTEGER, Integer.toString(maxAllowedPacket)).withScope(READ_ONLY));
        // MySQL's bound on the prepared statements open in all sessions together (each holds a parsed tree).
        add(map, of(MAX_PREPARED_STMT_COUNT, INTEGER, "16382").range(0, 4_194_304).withScope(GLOBAL_ONLY));
        add(map, of("license", STRING, "Apache License, Version 2.0").withScope(READ_ONLY));
        add(map, of("lower_case_table_names", INTEGER, "0").withScope(READ_ONLY));
        add(map, of("performance_schema", ON_OFF, "OFF").withScope(READ_ONLY));
        add(map, of("have_query_cache", STRING, "NO").withScope(READ_ONLY));
        add(map, of("query_cache_size", INTEGER, "0").range(0, Long.MAX_VALUE));
        add(map, of("query_cache_type", STRING, "OFF").oneOf("OFF", "ON", "DEMAND"));
        add(map, of("sql_mode", STRING, "ONLY_FULL_GROUP_BY"));
        add(map, of("sql_auto_is_null", ON_OFF, "OFF"));
        add(map, of("sql_select_limit", INTEGER, Long.toString(Long.MAX_VALUE))
                .range(0, Long.MAX_VALUE));
        add(map, of("sql_safe_updates", ON_OFF, "OFF"));
        add(map, of("sql_quote_show_create", ON_OFF, "ON"));
        add(map, of("system_time_zone", STRING, "UTC").withScope(READ_ONLY));
        add(map, of("time_zone", STRING, "UTC"));
        add(map, of("transaction_isolation", STRING, "REPEATABLE-READ")
                .oneOf("READ-UNCOMMITTED", "READ-COMMITTED", "REPEATABLE-READ", "SERIALIZABLE"));
        add(map, of("tx_isolation", STRING, "REPEATABLE-READ")
                .oneOf("READ-UNCOMMITTED", "READ-COMMITTED", "REPEATABLE-READ", "SERIALIZABLE"));
        add(map, of("transaction_read_only", ON_OFF, "OFF"));
        add(map, of("tx_read_only", ON_OFF, "OFF"));
        add(map, of("version", STRING, serverInfo.protocolVersion()).withScope(READ_ONLY));
        add(map, of("version_comment", STRING, serverInfo.versionComment()).withScope(READ_ONLY));
        add(map, of("language", STRING, "/palo/share/english/").withScope(READ_ONLY));
        add(map, of("names", STRING, "utf8mb4").withScope(READ_ONLY));
        add(map, of("max_execution_time", INTEGER, "0").range(0, Long.MAX_VALUE));
        add(map, of("foreign_key_checks", ON_OFF, "ON"));
        add(map, of("unique_checks", ON_OFF, "ON"));
        add(map, of("sql_notes", ON_OFF, "ON"));
        add(map, of("session_track_schema", ON_OFF, "ON"));
        add(map, of("session_track_system_variables", STRING, ""));
        add(map, of("session_track_state_change", ON_OFF, "OFF"));
        add(map, of("default_storage_engine", STRING, "olap"));
        add(map, of("storage_engine", STRING, "olap"));
        byId = new VariableDefinition[map.size()];
        int id = 0;
        for (Map.Entry<String, VariableDefinition> entry : map.entrySet()) {
            VariableDefinition numbered = entry.getValue().withId(id);
            entry.setValue(numbered);
            byId[id++] = numbered;
        }
        this.definitions = Collections.unmodifiableMap(map);
        groupCommit = get(GROUP_COMMIT);
        autocommit = get(AUTOCOMMIT);
        groupCommitRequestId = get(GROUP_COMMIT_REQUEST_ID);
        preparedStatementAuditLog = get(ENABLE_PREPARED_STMT_AUDIT_LOG);
        profile = get(ENABLE_PROFILE);
        insertMaxFilterRatio = get(INSERT_MAX_FILTER_RATIO);
        insertStrict = get(ENABLE_INSERT_STRICT);
        insertTimeout = get("insert_timeout");
        queryTimeout = get("query_timeout");
        uniqueKeyPartialUpdate = get("enable_unique_key_partial_update");
    }

    /** How many variables there are: the length of a value array indexed by {@link VariableDefinition#id()}. */
    int size() {
        return byId.length;
    }

    VariableDefinition byId(int id) {
        return byId[id];
    }

    private static void add(Map<String, VariableDefinition> map, VariableDefinition definition) {
        if (map.put(definition.name(), definition) != null) {
            throw new IllegalStateException("variable defined twice: " + definition.name());
        }
    }

    /** The definition, or UNKNOWN_SYSTEM_VARIABLE. Names are case-insensitive. */
    public VariableDefinition get(String name) {
        // Names from code are already lower case: skip the copy that lower-casing makes (several per statement).
        VariableDefinition definition = definitions.get(name);
        if (definition == null) {
            definition = definitions.get(name.toLowerCase(Locale.ROOT));
        }
        if (definition == null) {
            throw ErrorCode.UNKNOWN_SYSTEM_VARIABLE.exception(name);
        }
        return definition;
    }

    /** All definitions, sorted by name (the order SHOW VARIABLES prints). */
    public Collection<VariableDefinition> all() {
        return definitions.values();
    }
}
