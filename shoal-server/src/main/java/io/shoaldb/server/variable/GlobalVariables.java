package io.shoaldb.server.variable;

import io.shoaldb.common.error.ErrorCode;
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
    /**
     * Indexed by {@link VariableDefinition#id()}; replaced whole by each {@code SET GLOBAL} (rare), so that the
     * statement path reads a global value without taking a lock.
     */
    private volatile String[] values;

    /**
     * @param persisted values saved by earlier {@code SET GLOBAL}s
     * @param persister makes a new global value durable; called before the value is used
     */
    public GlobalVariables(VariableRegistry registry, Map<String, String> persisted, BiConsumer<String, String> persister) {
        this.registry = registry;
        this.persister = persister;
        String[] initial = new String[registry.size()];
        for (VariableDefinition definition : registry.all()) {
            initial[definition.id()] = definition.defaultValue();
        }
        persisted.forEach((name, value) -> {
            try {
                VariableDefinition definition = registry.get(name);
                initial[definition.id()] = definition.normalise(value);
            } catch (RuntimeException e) {
                // A value saved by an older version that this one no longer accepts must not stop the start.
                LOG.warn("ignoring saved global variable {} = '{}': {}", name, value, e.getMessage());
            }
        });
        this.values = initial;
    }

    public VariableRegistry registry() {
        return registry;
    }

    public String get(String name) {
        return get(registry.get(name));
    }

    String get(VariableDefinition definition) {
        return values[definition.id()];
    }

    /** Validates, persists, then applies a {@code SET GLOBAL}. */
    public synchronized void set(String name, String value) {
        VariableDefinition definition = registry.get(name);
        if (definition.scope() == VariableScope.READ_ONLY) {
            throw ErrorCode.VARIABLE_SCOPE.exception(definition.name(), "read only");
        }
        String normalised = definition.normalise(value);
        persister.accept(definition.name(), normalised);
        String[] next = values.clone();
        next[definition.id()] = normalised;
        values = next;
    }

    /** A copy of every global value (indexed by {@link VariableDefinition#id()}), for a new session. */
    String[] copy() {
        return values.clone();
    }
}
