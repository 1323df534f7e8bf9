package io.shoaldb.server.infoschema;

import java.util.List;
import java.util.function.Supplier;

/** user_privileges, schema_privileges and table_privileges, from {@link Grants}. */
final class PrivilegeTables {
    private PrivilegeTables() {
    }

    static List<InfoTable> of(Supplier<List<Grants.Privilege>> grants) {
        return List.of(
                new InfoTable("user_privileges", List.of(InfoTable.text("GRANTEE"), InfoTable.text("TABLE_CATALOG"),
                        InfoTable.text("PRIVILEGE_TYPE"), InfoTable.text("IS_GRANTABLE")),
                        () -> InfoTable.rows(grants.get().stream().filter(p -> p.database() == null)
                                .map(p -> new Object[] {p.grantee(), "def", p.privilege(), yesNo(p)}).toList())),
                new InfoTable("schema_privileges", List.of(InfoTable.text("GRANTEE"), InfoTable.text("TABLE_CATALOG"),
                        InfoTable.text("TABLE_SCHEMA"), InfoTable.text("PRIVILEGE_TYPE"),
                        InfoTable.text("IS_GRANTABLE")),
                        () -> InfoTable.rows(grants.get().stream()
                                .filter(p -> p.database() != null && p.table() == null)
                                .map(p -> new Object[] {p.grantee(), "def", p.database(), p.privilege(), yesNo(p)})
                                .toList())),
                new InfoTable("table_privileges", List.of(InfoTable.text("GRANTEE"), InfoTable.text("TABLE_CATALOG"),
                        InfoTable.text("TABLE_SCHEMA"), InfoTable.text("TABLE_NAME"),
                        InfoTable.text("PRIVILEGE_TYPE"), InfoTable.text("IS_GRANTABLE")),
                        () -> InfoTable.rows(grants.get().stream().filter(p -> p.table() != null)
                                .map(p -> new Object[] {p.grantee(), "def", p.database(), p.table(), p.privilege(),
                                        yesNo(p)})
                                .toList())));
    }

    private static String yesNo(Grants.Privilege p) {
        return p.grantable() ? "YES" : "NO";
    }
}
