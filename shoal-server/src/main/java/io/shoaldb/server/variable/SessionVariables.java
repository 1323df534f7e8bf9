package io.shoaldb.server.variable;

import io.shoaldb.common.error.ErrorCode;
import java.util.Map;

/** One session's variable values: a copy of the globals at connect, changed by {@code SET}. */
public final class SessionVariables {
    private final GlobalVariables globals;
    private Map<String, String> values;

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
            case SESSION_AND_GLOBAL -> values.put(definition.name(), definition.normalise(value));
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

    public double insertMaxFilterRatio() {
        return Double.parseDouble(get(VariableRegistry.INSERT_MAX_FILTER_RATIO));
    }

    public boolean insertStrict() {
        return Boolean.parseBoolean(get(VariableRegistry.ENABLE_INSERT_STRICT));
    }
}
