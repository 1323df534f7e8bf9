package io.shoaldb.catalog.model;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.type.DataType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A table's PROPERTIES, typed, plus the explicitly set keys in the order they were given (with normalised
 * values), which is what SHOW CREATE TABLE prints and what the journal stores. Typed values of keys not
 * set are Doris's defaults. Only {@link #parse} and {@link #with} make instances, so every instance is
 * valid on its own; rules that need the table (the sequence column) are checked by the table builder.
 */
public final class TableProperties {
    public static final int DEFAULT_REPLICATION_NUM = 1;
    public static final long DEFAULT_GROUP_COMMIT_INTERVAL_MS = 10_000;
    /** 64 MB, as the group commit docs say (Doris's code says 128 MiB; the spec picks the docs). */
    public static final long DEFAULT_GROUP_COMMIT_DATA_BYTES = 67_108_864;
    public static final int MAX_REPLICATION_NUM = Short.MAX_VALUE;
    public static final String STORAGE_FORMAT_V2 = "V2";
    private static final String ALLOCATION_TAG = "tag.location.default";

    public static final TableProperties DEFAULTS = new TableProperties(Map.of());

    private final Map<String, String> explicit;
    private final int replicationNum;
    private final GroupCommitMode groupCommitMode;
    private final long groupCommitIntervalMs;
    private final long groupCommitDataBytes;
    private final String sequenceColumn;
    private final DataType sequenceType;
    private final boolean lightSchemaChange;
    private final String storageVault;

    private TableProperties(Map<String, String> normalised) {
        this.explicit = Collections.unmodifiableMap(new LinkedHashMap<>(normalised));
        this.replicationNum = Integer.parseInt(normalised.getOrDefault(PropertyKeys.REPLICATION_NUM,
                String.valueOf(DEFAULT_REPLICATION_NUM)));
        this.groupCommitMode = GroupCommitMode.parse(normalised.getOrDefault(PropertyKeys.GROUP_COMMIT_MODE,
                GroupCommitMode.OFF_MODE.sql())).orElseThrow();
        this.groupCommitIntervalMs = Long.parseLong(normalised.getOrDefault(PropertyKeys.GROUP_COMMIT_INTERVAL_MS,
                String.valueOf(DEFAULT_GROUP_COMMIT_INTERVAL_MS)));
        this.groupCommitDataBytes = Long.parseLong(normalised.getOrDefault(PropertyKeys.GROUP_COMMIT_DATA_BYTES,
                String.valueOf(DEFAULT_GROUP_COMMIT_DATA_BYTES)));
        this.sequenceColumn = normalised.get(PropertyKeys.SEQUENCE_COL);
        String seqType = normalised.get(PropertyKeys.SEQUENCE_TYPE);
        this.sequenceType = seqType == null ? null : SequenceTypes.parse(seqType).orElseThrow();
        this.lightSchemaChange = Boolean.parseBoolean(normalised.getOrDefault(PropertyKeys.LIGHT_SCHEMA_CHANGE,
                "true"));
        this.storageVault = normalised.get(PropertyKeys.STORAGE_VAULT_NAME);
    }

    /**
     * Validates and normalises raw properties (keys case-insensitive, values trimmed). Unknown keys fail
     * together with {@code Unknown properties: {k=v}} as Doris words it; a bad value fails with
     * INVALID_PROPERTY.
     */
    public static TableProperties parse(Map<String, String> raw) {
        return DEFAULTS.with(raw);
    }

    /** These properties with {@code changes} applied: a key already set keeps its place, a new key goes last. */
    public TableProperties with(Map<String, String> changes) {
        Map<String, String> unknown = new LinkedHashMap<>();
        Map<String, String> merged = new LinkedHashMap<>(explicit);
        for (Map.Entry<String, String> e : changes.entrySet()) {
            String key = e.getKey() == null ? "" : e.getKey().trim().toLowerCase(Locale.ROOT);
            if (key.equals(PropertyKeys.REPLICATION_ALLOCATION)) {
                merged.put(PropertyKeys.REPLICATION_NUM, replicationFromAllocation(e.getValue()));
                continue;
            }
            if (key.equals(PropertyKeys.STORAGE_FORMAT)) {
                checkStorageFormat(e.getValue());
                continue;
            }
            if (!PropertyKeys.ALL.contains(key)) {
                unknown.put(e.getKey(), e.getValue());
                continue;
            }
            merged.put(key, normalise(key, e.getValue()));
        }
        if (!unknown.isEmpty()) {
            throw ErrorCode.UNKNOWN_PROPERTY.exception(unknown.toString());
        }
        return new TableProperties(merged);
    }

    private static String normalise(String key, String rawValue) {
        if (rawValue == null) {
            throw ErrorCode.INVALID_PROPERTY.exception("NULL", key, "a value is required");
        }
        String value = rawValue.trim();
        return switch (key) {
            case PropertyKeys.REPLICATION_NUM -> String.valueOf(
                    parseLong(key, value, 1, MAX_REPLICATION_NUM));
            case PropertyKeys.GROUP_COMMIT_MODE -> GroupCommitMode.parse(value)
                    .orElseThrow(() -> ErrorCode.INVALID_PROPERTY.exception(value, key,
                            "must be off_mode, sync_mode or async_mode"))
                    .sql();
            case PropertyKeys.GROUP_COMMIT_INTERVAL_MS, PropertyKeys.GROUP_COMMIT_DATA_BYTES ->
                    String.valueOf(parseLong(key, value, 1, Long.MAX_VALUE));
            case PropertyKeys.SEQUENCE_COL -> {
                if (value.isEmpty()) {
                    throw ErrorCode.INVALID_PROPERTY.exception(value, key, "must name a column");
                }
                yield value;
            }
            case PropertyKeys.SEQUENCE_TYPE -> SequenceTypes.spell(SequenceTypes.parse(value)
                    .orElseThrow(() -> ErrorCode.INVALID_PROPERTY.exception(value, key,
                            "must be an integer, date or datetime type")));
            case PropertyKeys.LIGHT_SCHEMA_CHANGE -> {
                if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                    throw ErrorCode.INVALID_PROPERTY.exception(value, key, "must be true or false");
                }
                yield value.toLowerCase(Locale.ROOT);
            }
            case PropertyKeys.STORAGE_VAULT_NAME -> {
                if (value.isEmpty()) {
                    throw ErrorCode.INVALID_PROPERTY.exception(value, key, "must name a storage vault");
                }
                yield value;
            }
            default -> throw new IllegalStateException("unhandled property " + key);
        };
    }

    /** Doris's {@code replication_allocation} value for a replica count. */
    public static String replicationAllocation(int replicationNum) {
        return ALLOCATION_TAG + ": " + replicationNum;
    }

    /** The replica count of {@code tag.location.default: N}, the one tag a single-node server has. */
    private static String replicationFromAllocation(String rawValue) {
        String value = rawValue == null ? "" : rawValue.trim();
        int colon = value.indexOf(':');
        if (colon < 0 || !value.substring(0, colon).trim().equals(ALLOCATION_TAG)) {
            throw ErrorCode.INVALID_PROPERTY.exception(value, PropertyKeys.REPLICATION_ALLOCATION,
                    "must be '" + ALLOCATION_TAG + ": <replicas>'");
        }
        return normalise(PropertyKeys.REPLICATION_NUM, value.substring(colon + 1));
    }

    private static void checkStorageFormat(String rawValue) {
        String value = rawValue == null ? "" : rawValue.trim();
        if (!value.equalsIgnoreCase(STORAGE_FORMAT_V2) && !value.equalsIgnoreCase("DEFAULT")) {
            throw ErrorCode.INVALID_PROPERTY.exception(value, PropertyKeys.STORAGE_FORMAT, "must be V2");
        }
    }

    private static long parseLong(String key, String value, long min, long max) {
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw ErrorCode.INVALID_PROPERTY.exception(value, key, "must be an integer");
        }
        if (parsed < min || parsed > max) {
            throw ErrorCode.INVALID_PROPERTY.exception(value, key,
                    "must be between " + min + " and " + max);
        }
        return parsed;
    }

    /** The explicitly set keys with normalised values, in the order they were first set. */
    public Map<String, String> explicit() {
        return explicit;
    }

    public boolean isExplicit(String key) {
        return explicit.containsKey(key);
    }

    public int replicationNum() {
        return replicationNum;
    }

    public GroupCommitMode groupCommitMode() {
        return groupCommitMode;
    }

    public long groupCommitIntervalMs() {
        return groupCommitIntervalMs;
    }

    public long groupCommitDataBytes() {
        return groupCommitDataBytes;
    }

    /** The sequence column's name (spelled as the column is), or null. */
    public String sequenceColumn() {
        return sequenceColumn;
    }

    /** The hidden sequence column's type when {@code function_column.sequence_type} is set, or null. */
    public DataType sequenceType() {
        return sequenceType;
    }

    public boolean lightSchemaChange() {
        return lightSchemaChange;
    }

    /** The storage vault the table's segments live in, or null when they are local files. */
    public String storageVault() {
        return storageVault;
    }

    @Override
    public boolean equals(Object o) {
        // The typed values derive from the explicit map, so it alone decides equality (order included,
        // since SHOW CREATE TABLE prints it).
        return o instanceof TableProperties other
                && explicit.equals(other.explicit)
                && String.join(",", explicit.keySet()).equals(String.join(",", other.explicit.keySet()));
    }

    @Override
    public int hashCode() {
        return explicit.hashCode();
    }

    @Override
    public String toString() {
        return explicit.toString();
    }
}
