package io.shoaldb.catalog.model;

import java.util.List;

/** The table property names ShoalDB knows, spelled as in Doris. */
public final class PropertyKeys {
    public static final String REPLICATION_NUM = "replication_num";
    public static final String GROUP_COMMIT_MODE = "group_commit_mode";
    public static final String GROUP_COMMIT_INTERVAL_MS = "group_commit_interval_ms";
    public static final String GROUP_COMMIT_DATA_BYTES = "group_commit_data_bytes";
    public static final String SEQUENCE_COL = "function_column.sequence_col";
    public static final String SEQUENCE_TYPE = "function_column.sequence_type";
    public static final String LIGHT_SCHEMA_CHANGE = "light_schema_change";
    /** The storage vault whose bucket holds the table's segments (fixed at creation; absent: local storage). */
    public static final String STORAGE_VAULT_NAME = "storage_vault_name";
    /**
     * Doris's other spelling of the replica count, {@code tag.location.default: N}, which SHOW CREATE TABLE prints:
     * accepted as replication_num N.
     */
    public static final String REPLICATION_ALLOCATION = "replication_allocation";
    /** Accepted with Doris's only current value, V2 (or DEFAULT), so SHOW CREATE TABLE's output is valid input. */
    public static final String STORAGE_FORMAT = "storage_format";

    public static final List<String> ALL = List.of(REPLICATION_NUM, GROUP_COMMIT_MODE, GROUP_COMMIT_INTERVAL_MS,
            GROUP_COMMIT_DATA_BYTES, SEQUENCE_COL, SEQUENCE_TYPE, LIGHT_SCHEMA_CHANGE, STORAGE_VAULT_NAME);

    /**
     * What {@code ALTER TABLE ... SET (...)} may change. Doris lets replication_num change on an
     * unpartitioned table and light_schema_change only be switched on; the sequence column is fixed at
     * creation (Doris adds it later only through ENABLE FEATURE, which ShoalDB does not have).
     */
    public static final List<String> ALTERABLE = List.of(REPLICATION_NUM, GROUP_COMMIT_MODE,
            GROUP_COMMIT_INTERVAL_MS, GROUP_COMMIT_DATA_BYTES, LIGHT_SCHEMA_CHANGE);

    private PropertyKeys() {
    }
}
