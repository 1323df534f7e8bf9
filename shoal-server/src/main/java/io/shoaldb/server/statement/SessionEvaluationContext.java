package io.shoaldb.server.statement;

import io.shoaldb.server.expression.EvaluationContext;
import io.shoaldb.server.expression.Value;
import io.shoaldb.server.session.ShoalSession;
import io.shoaldb.server.variable.VariableDefinition;
import io.shoaldb.vector.type.DataType;

/** Gives constant expressions the session's database, user and variables. */
class SessionEvaluationContext implements EvaluationContext {
    private final ShoalSession session;
    private final ServerContext server;

    SessionEvaluationContext(ShoalSession session, ServerContext server) {
        this.session = session;
        this.server = server;
    }

    @Override
    public Value systemVariable(String name, boolean global) {
        VariableDefinition definition = server.globals().registry().get(name);
        String text = global ? server.globals().get(name) : session.variables().get(name);
        Object value = definition.selectValue(text);
        return switch (value) {
            case null -> Value.ofNull();
            case Long l -> Value.ofLong(l);
            case Double d -> new Value(d, DataType.DOUBLE);
            default -> Value.ofString(value.toString());
        };
    }

    @Override
    public String currentDatabase() {
        return session.currentDatabase();
    }

    @Override
    public String user() {
        return session.user();
    }

    @Override
    public String currentAccount() {
        return session.account().toString();
    }

    @Override
    public String remoteHost() {
        return session.remoteHost();
    }

    @Override
    public long connectionId() {
        return session.connectionId();
    }

    @Override
    public String serverVersion() {
        return server.serverInfo().protocolVersion();
    }
}
