package io.shoaldb.server.infoschema;

import java.util.List;

/**
 * The character sets, collations and engines ShoalDB names to clients: one list each, read by SHOW CHARACTER SET /
 * COLLATION / ENGINES and by information_schema's character_sets / collations / engines. Text is stored and
 * compared as UTF-8 bytes whatever a client names.
 */
public final class CharacterSets {
    public record CharacterSet(String name, String description, String defaultCollation, int maxLength) {
    }

    public record Collation(String name, String charset, int id, boolean isDefault, int sortLength) {
    }

    public record Engine(String name, String support, String comment, String transactions, String xa,
            String savepoints) {
    }

    public static final List<CharacterSet> CHARACTER_SETS = List.of(
            new CharacterSet("utf8mb4", "UTF-8 Unicode", "utf8mb4_general_ci", 4),
            new CharacterSet("utf8", "UTF-8 Unicode", "utf8_general_ci", 3),
            new CharacterSet("binary", "Binary pseudo charset", "binary", 1));

    public static final List<Collation> COLLATIONS = List.of(
            new Collation("utf8mb4_general_ci", "utf8mb4", 45, true, 1),
            new Collation("utf8mb4_bin", "utf8mb4", 46, false, 1),
            new Collation("utf8_general_ci", "utf8", 33, true, 1),
            new Collation("binary", "binary", 63, true, 1));

    public static final List<Engine> ENGINES = List.of(
            new Engine("OLAP", "DEFAULT", "ShoalDB columnar tables", "YES", "NO", "NO"));

    /** What text columns and tables report as their collation. */
    public static final String DEFAULT_COLLATION = "utf8mb4_general_ci";
    public static final String DEFAULT_CHARSET = "utf8mb4";

    private CharacterSets() {
    }

    static InfoTable characterSetsTable() {
        return new InfoTable("character_sets", List.of(InfoTable.text("CHARACTER_SET_NAME"),
                InfoTable.text("DEFAULT_COLLATE_NAME"), InfoTable.text("DESCRIPTION"), InfoTable.number("MAXLEN")),
                () -> InfoTable.rows(CHARACTER_SETS.stream()
                        .map(c -> new Object[] {c.name(), c.defaultCollation(), c.description(), c.maxLength()})
                        .toList()));
    }

    static InfoTable collationsTable() {
        return new InfoTable("collations", List.of(InfoTable.text("COLLATION_NAME"),
                InfoTable.text("CHARACTER_SET_NAME"), InfoTable.number("ID"), InfoTable.text("IS_DEFAULT"),
                InfoTable.text("IS_COMPILED"), InfoTable.number("SORTLEN")),
                () -> InfoTable.rows(COLLATIONS.stream()
                        .map(c -> new Object[] {c.name(), c.charset(), c.id(), c.isDefault() ? "Yes" : "", "Yes",
                                c.sortLength()})
                        .toList()));
    }

    static InfoTable enginesTable() {
        return new InfoTable("engines", List.of(InfoTable.text("ENGINE"), InfoTable.text("SUPPORT"),
                InfoTable.text("COMMENT"), InfoTable.nullableText("TRANSACTIONS"), InfoTable.nullableText("XA"),
                InfoTable.nullableText("SAVEPOINTS")),
                () -> InfoTable.rows(ENGINES.stream()
                        .map(e -> new Object[] {e.name(), e.support(), e.comment(), e.transactions(), e.xa(),
                                e.savepoints()})
                        .toList()));
    }
}
