package io.shoaldb.server.variable;

import io.shoaldb.common.error.ErrorCode;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** One session's variable values: a copy of the globals at connect, changed by {@code SET}. */
public final class SessionVariables {
    private final GlobalVariables globals;
    private Map<String, String> values;
    private final Set<String> setInSession = new HashSet<>();

    public SessionVariables(GlobalVariables globals) {
        this.globals = globals;
        this.values = globals.copy();
    }

    public VariableRegistry registry() {
        return globals.registry();
    }

    /** The session's value; for global-only and read-only variables the current global value. */
    public String get(String name) {
        VariableDefinition definition = globals.registry().get(name);
        if (definition.scope() != VariableScope.SESSION_AND_GLOBAL) {
            return globals.get(definition.name());
        }
        return values.get(definition.name());
    }

    /** {@code SET [SESSION] name = value}. */
    public void set(String name, String value) {
        VariableDefinition definition = globals.registry().get(name);
        switch (definition.scope()) {
            case READ_ONLY -> throw ErrorCode.VARIABLE_SCOPE.exception(definition.name(), "read only");
            case GLOBAL_ONLY -> throw ErrorCode.VARIABLE_SCOPE.exception(definition.name(), "GLOBAL");
            case SESSION_AND_GLOBAL -> {
                values.put(definition.name(), definition.normalise(value));
                setInSession.add(definition.name());
            }
        }
    }

    /** {@code SET name = DEFAULT}: back to the global value. */
    public void setDefault(String name) {
        VariableDefinition definition = globals.registry().get(name);
        set(definition.name(), globals.get(definition.name()));
    }

    /** COM_RESET_CONNECTION: back to the global values. */
    public void reset() {
        values = globals.copy();
        setInSession.clear();
    }

    /**
     * Whether the value was chosen (SET in this session, or SET GLOBAL away from the default) rather
     * than defaulted; a table property only applies where the variable was not chosen.
     */
    public boolean isChosen(String name) {
        VariableDefinition definition = globals.registry().get(name);
        return setInSession.contains(definition.name())
                || !Objects.equals(globals.get(definition.name()), definition.defaultValue());
    }

    /** Reads a one-shot variable and clears it, so that it applies to one statement only. */
    public String take(String name) {
        String value = get(name);
        VariableDefinition definition = globals.registry().get(name);
        values.put(definition.name(), definition.defaultValue());
        setInSession.remove(definition.name());
        return value;
    }

    public String groupCommit() {
        return get(VariableRegistry.GROUP_COMMIT);
    }

    public boolean autocommit() {
        return "ON".equals(get(VariableRegistry.AUTOCOMMIT));
    }

    public boolean preparedStatementAuditLog() {
        return Boolean.parseBoolean(get(VariableRegistry.ENABLE_PREPARED_STMT_AUDIT_LOG));
    }

    /** Doris's {@code enable_profile}: count what every operator of the session's queries does and keep it. */
    public boolean profileEnabled() {
        return Boolean.parseBoolean(get(VariableRegistry.ENABLE_PROFILE));
    }

    public double insertMaxFilterRatio() {
        return Double.parseDouble(get(VariableRegistry.INSERT_MAX_FILTER_RATIO));
    }

    public long insertTimeoutSeconds() {
        return Long.parseLong(get("insert_timeout"));
    }

    /** Doris's {@code query_timeout}: what a statement the client waits on may take. */
    public Duration queryTimeout() {
        return Duration.ofSeconds(Long.parseLong(get("query_timeout")));
    }

    public boolean insertStrict() {
        return Boolean.parseBoolean(get(VariableRegistry.ENABLE_INSERT_STRICT));
    }
}
