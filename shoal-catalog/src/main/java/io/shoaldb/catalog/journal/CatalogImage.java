package io.shoaldb.catalog.journal;

import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Table;
import java.util.List;
import java.util.Map;

/**
 * The full catalog state as a checkpoint writes it: covers every journal entry up to and including
 * {@code lastSequence}. {@code nextId} is the id counter shared by databases and tables.
 */
public record CatalogImage(long lastSequence, long nextId, List<Database> databases, List<Table> tables,
        Map<String, String> globalVariables) {
}
