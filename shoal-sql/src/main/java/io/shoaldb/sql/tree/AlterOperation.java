package io.shoaldb.sql.tree;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.sql.SqlWriter;

/** One comma-separated clause of ALTER TABLE. */
public sealed interface AlterOperation {
    void unparse(SqlWriter w);

    /** {@code SET ("k" = "v", ...)}: table properties, insertion order. */
    record SetProperties(Map<String, String> properties) implements AlterOperation {
        public SetProperties {
            properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        }

        @Override
        public void unparse(SqlWriter w) {
            w.keyword("SET");
            Unparsing.properties(w, properties);
        }
    }

    /** {@code ADD [COLUMN] def [AFTER col | FIRST]}; {@code after} is nullable. */
    record AddColumn(SqlColumnDefinition column, String after, boolean first) implements AlterOperation {
        @Override
        public void unparse(SqlWriter w) {
            w.keyword("ADD COLUMN");
            column.unparse(w, 0, 0);
            if (after != null) {
                w.keyword("AFTER");
                Unparsing.identifier(w, after);
            } else if (first) {
                w.keyword("FIRST");
            }
        }
    }

    /** {@code DROP [COLUMN] name}. */
    record DropColumn(String name) implements AlterOperation {
        @Override
        public void unparse(SqlWriter w) {
            w.keyword("DROP COLUMN");
            Unparsing.identifier(w, name);
        }
    }

    /** {@code MODIFY [COLUMN] def}. */
    record ModifyColumn(SqlColumnDefinition column) implements AlterOperation {
        @Override
        public void unparse(SqlWriter w) {
            w.keyword("MODIFY COLUMN");
            column.unparse(w, 0, 0);
        }
    }
}
