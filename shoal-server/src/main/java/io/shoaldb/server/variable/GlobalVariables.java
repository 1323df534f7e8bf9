package io.shoaldb.server.variable;

import io.shoaldb.common.error.ErrorCode;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server-wide values of system variables. {@code SET GLOBAL} is made durable through the persister
 * (the catalog journal) before it takes effect, and new sessions start from these values.
 */
public final class GlobalVariables {
    private static final Logger LOG = LoggerFactory.getLogger(GlobalVariables.class);

    private final VariableRegistry registry;
    private final BiConsumer<String, String> persister;
    private final Map<String, String> values = new HashMap<>();

    /**
     * @param persisted values saved by earlier {@code SET GLOBAL}s
     * @param persister makes a new global value durable; called before the value is used
     */
    public GlobalVariables(VariableRegistry registry, Map<String, String> persisted, BiConsumer<String, String> persister) {
        this.registry = registry;
        this.persister = persister;
        for (VariableDefinition definition : registry.all()) {
            values.put(definition.name(), definition.defaultValue());
        }
        persisted.forEach((name, value) -> {
            try {
                VariableDefinition definition = registry.get(name);
                values.put(definition.name(), definition.normalise(value));
            } catch (RuntimeException e) {
                // A value saved by an older version that this one no longer accepts must not stop the start.
                LOG.warn("ignoring saved global variable {} = '{}': {}", name, value, e.getMessage());
            }
        });
    }

    public VariableRegistry registry() {
        return registry;
    }

    public synchronized String get(String name) {
        return values.get(registry.get(name).name());
    }

    /** Validates, persists, then applies a {@code SET GLOBAL}. */
    public synchronized void set(String name, String value) {
        VariableDefinition definition = registry.get(name);
        if (definition.scope() == VariableScope.READ_ONLY) {
            throw ErrorCode.VARIABLE_SCOPE.exception(definition.name(), "read only");
        }
        String normalised = definition.normalise(value);
        persister.accept(definition.name(), normalised);
        values.put(definition.name(), normalised);
    }

    /** A copy of every global value, for a new session. */
    public synchronized Map<String, String> copy() {
        return new HashMap<>(values);
    }
}
