package io.shoaldb.server.infoschema;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.server.session.SessionRegistry;
import io.shoaldb.sql.planner.SystemDatabase;
import io.shoaldb.sql.planner.SystemTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * information_schema for one query: its tables read the catalog snapshot, the storage sizes, the open sessions
 * and the grants visible to the querying user when the planner takes their rows; the catalog's tables list only the
 * databases and tables that user may see. Made per query; cheap, since no row is made before a table is read.
 */
public final class InformationSchema implements SystemDatabase {
    public static final String NAME = "information_schema";
    private final List<SystemTable> tables;

    public InformationSchema(CatalogSnapshot catalog, TableSizes sizes, SessionRegistry sessions, Grants grants,
            String user, Visibility visibility) {
        List<SystemTable> all = new ArrayList<>();
        List<SystemTable> view = Collections.unmodifiableList(all);
        all.addAll(new CatalogTables(catalog, sizes, visibility, () -> view).tables());
        all.add(ProcessList.table(sessions, visibility));
        all.add(CharacterSets.characterSetsTable());
        all.add(CharacterSets.collationsTable());
        all.add(CharacterSets.enginesTable());
        all.addAll(PrivilegeTables.of(() -> grants.visibleTo(user)));
        this.tables = view;
    }

    /** Whether {@code name} names information_schema (ignoring case, as MySQL). */
    public static boolean names(String name) {
        return NAME.equalsIgnoreCase(name);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<SystemTable> tables() {
        return tables;
    }
}
