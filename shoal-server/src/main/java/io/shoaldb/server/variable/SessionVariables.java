package io.shoaldb.server.variable;

import io.shoaldb.common.error.ErrorCode;
import java.time.Duration;
import java.util.Objects;

/**
 * One session's variable values: a copy of the globals at connect, changed by {@code SET}. Values are kept in an
 * array indexed by {@link VariableDefinition#id()}; the typed accessors read the variables every statement needs
 * through definitions the registry resolved once, without a lookup by name.
 */
public final class SessionVariables {
    private final GlobalVariables globals;
    private final VariableRegistry registry;
    private String[] values;
    private boolean[] setInSession;

    public SessionVariables(GlobalVariables globals) {
        this.globals = globals;
        this.registry = globals.registry();
        this.values = globals.copy();
        this.setInSession = new boolean[values.length];
    }

    public VariableRegistry registry() {
        return registry;
    }

    /** The session's value; for global-only and read-only variables the current global value. */
    public String get(String name) {
        return get(registry.get(name));
    }

    private String get(VariableDefinition definition) {
        if (definition.scope() != VariableScope.SESSION_AND_GLOBAL) {
            return globals.get(definition);
        }
        return values[definition.id()];
    }

    /** {@code SET [SESSION] name = value}. */
    public void set(String name, String value) {
        VariableDefinition definition = registry.get(name);
        switch (definition.scope()) {
            case READ_ONLY -> throw ErrorCode.VARIABLE_SCOPE.exception(definition.name(), "read only");
            case GLOBAL_ONLY -> throw ErrorCode.VARIABLE_SCOPE.exception(definition.name(), "GLOBAL");
            case SESSION_AND_GLOBAL -> {
                values[definition.id()] = definition.normalise(value);
                setInSession[definition.id()] = true;
            }
        }
    }

    /** {@code SET name = DEFAULT}: back to the global value. */
    public void setDefault(String name) {
        VariableDefinition definition = registry.get(name);
        set(definition.name(), globals.get(definition));
    }

    /** COM_RESET_CONNECTION: back to the global values. */
    public void reset() {
        values = globals.copy();
        setInSession = new boolean[values.length];
    }

    /**
     * Whether the value was chosen (SET in this session, or SET GLOBAL away from the default) rather
     * than defaulted; a table property only applies where the variable was not chosen.
     */
    public boolean isChosen(String name) {
        return isChosen(registry.get(name));
    }

    private boolean isChosen(VariableDefinition definition) {
        return setInSession[definition.id()]
                || !Objects.equals(globals.get(definition), definition.defaultValue());
    }

    /** Reads a one-shot variable and clears it, so that it applies to one statement only. */
    public String take(String name) {
        return take(registry.get(name));
    }

    private String take(VariableDefinition definition) {
        String value = get(definition);
        values[definition.id()] = definition.defaultValue();
        setInSession[definition.id()] = false;
        return value;
    }

    public String groupCommit() {
        return get(registry.groupCommit);
    }

    /** Whether {@code group_commit} was chosen for this session (see {@link #isChosen(String)}). */
    public boolean groupCommitChosen() {
        return isChosen(registry.groupCommit);
    }

    /** {@code group_commit_request_id}, read once: the next group-commit INSERT's client request id. */
    public String takeGroupCommitRequestId() {
        return take(registry.groupCommitRequestId);
    }

    public boolean uniqueKeyPartialUpdate() {
        return Boolean.parseBoolean(get(registry.uniqueKeyPartialUpdate));
    }

    public boolean autocommit() {
        return "ON".equals(get(registry.autocommit));
    }

    public boolean preparedStatementAuditLog() {
        return Boolean.parseBoolean(get(registry.preparedStatementAuditLog));
    }

    /** Doris's {@code enable_profile}: count what every operator of the session's queries does and keep it. */
    public boolean profileEnabled() {
        return Boolean.parseBoolean(get(registry.profile));
    }

    public double insertMaxFilterRatio() {
        String value = get(registry.insertMaxFilterRatio);
        // The default, spelled as normalise() spells it: most sessions never change it.
        return "1.0".equals(value) ? 1.0 : Double.parseDouble(value);
    }

    public long insertTimeoutSeconds() {
        return Long.parseLong(get(registry.insertTimeout));
    }

    /** Doris's {@code query_timeout}: what a statement the client waits on may take. */
    public Duration queryTimeout() {
        return Duration.ofSeconds(Long.parseLong(get(registry.queryTimeout)));
    }

    public boolean insertStrict() {
        return Boolean.parseBoolean(get(registry.insertStrict));
    }
}
