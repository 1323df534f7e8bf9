package io.shoaldb.catalog.journal;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Table;

/**
 * One catalog mutation as the journal stores it. Records carry the whole resulting object (ids
 * included), never the statement, so replay needs no validation, no id allocation and no clock: it is
 * deterministic, and replaying a record twice gives the same state.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = JournalRecord.CreateDatabase.class, name = "create_database"),
        @JsonSubTypes.Type(value = JournalRecord.DropDatabase.class, name = "drop_database"),
        @JsonSubTypes.Type(value = JournalRecord.CreateTable.class, name = "create_table"),
        @JsonSubTypes.Type(value = JournalRecord.DropTable.class, name = "drop_table"),
        @JsonSubTypes.Type(value = JournalRecord.ReplaceTable.class, name = "replace_table"),
        @JsonSubTypes.Type(value = JournalRecord.SetGlobalVariable.class, name = "set_global_variable"),
})
public sealed interface JournalRecord {
    record CreateDatabase(Database database) implements JournalRecord {
    }

    /** Drops the database and every table in it. */
    record DropDatabase(long databaseId) implements JournalRecord {
    }

    record CreateTable(Table table) implements JournalRecord {
    }

    record DropTable(long tableId) implements JournalRecord {
    }

    /** A table after ALTER (properties, add/drop column): it replaces the table with the same id. */
    record ReplaceTable(Table table) implements JournalRecord {
    }

    record SetGlobalVariable(String name, String value) implements JournalRecord {
    }
}
