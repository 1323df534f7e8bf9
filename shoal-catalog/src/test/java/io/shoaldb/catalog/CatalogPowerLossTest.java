package io.shoaldb.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.Column;
import io.shoaldb.catalog.model.Database;
import io.shoaldb.catalog.model.Table;
import io.shoaldb.common.io.PowerLossFiles;
import io.shoaldb.vector.type.DataType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Power loss at random points of a stream of DDL (CREATE/DROP DATABASE, CREATE/DROP TABLE, ADD/DROP COLUMN,
 * ALTER TABLE SET, SET GLOBAL, CREATE/DROP USER, SET PASSWORD, CREATE/DROP ROLE, GRANT/REVOKE of privileges and
 * roles, explicit and automatic checkpoints): the journal and the checkpoint image go
 * through {@link PowerLossFiles}, which after the crash keeps only what was fsynced plus a random prefix of the
 * rest (bytes and directory entries). After each restart the catalog is exactly the state of the last
 * acknowledged DDL, or of the one DDL the crash cut applied whole; never anything in between. The expected
 * state comes from a model the test keeps beside the catalog, not from the catalog itself.
 * Rounds {@code -Dpowerloss.rounds} (default {@value #DEFAULT_ROUNDS}), seed {@code -Dpowerloss.seed} (fixed by
 * default so CI is repeatable; printed).
 */
class CatalogPowerLossTest {
    static final int DEFAULT_ROUNDS = 40;
    static final int DDL_PER_ROUND = 60;
    static final String GLOBALS = "@globals";
    /** Accounts and roles, flattened (see {@link AccessModel}). */
    static final String ACCESS = "@access";

    @TempDir
    Path dir;

    /** Database name -> table name -> "columns|interval"; SET GLOBAL values under {@link #GLOBALS}. */
    private static final class State extends TreeMap<String, TreeMap<String, String>> {
        State copy() {
            State c = new State();
            forEach((k, v) -> c.put(k, new TreeMap<>(v)));
            return c;
        }

        List<String> databases() {
            return keySet().stream().filter(k -> !k.startsWith("@")).toList();
        }
    }

    /** One DDL: what it does to the catalog and what it does to the model. */
    private record Ddl(String text, Consumer<Catalog> run, UnaryOperator<State> effect) {
    }

    private int nextName;

    @Test
    void acknowledgedDdlSurvivesPowerLossAndCutDdlIsAllOrNothing() throws Exception {
        long seed = Long.getLong("powerloss.seed", 20261201L);
        int rounds = Integer.getInteger("powerloss.rounds", DEFAULT_ROUNDS);
        System.out.println("CatalogPowerLossTest seed " + seed + " rounds " + rounds
                + " (rerun: -Dpowerloss.seed=" + seed + ")");
        Random random = new Random(seed);
        Path meta = dir.resolve("node").resolve("meta");
        PowerLossFiles files = new PowerLossFiles(dir.resolve("node"));
        State acknowledged = new State();
        acknowledged.put(GLOBALS, new TreeMap<>());
        acknowledged.put(ACCESS, new TreeMap<>());
        State cut = null;
        int acked = 0;
        int cutApplied = 0;
        int cutAbsent = 0;
        for (int round = 0; round <= rounds; round++) {
            CatalogOptions options = CatalogOptions.defaults().withCheckpointEvery(1 + random.nextInt(8));
            Catalog catalog = Catalog.open(files, meta, options);
            State recovered = project(catalog.snapshot());
            if (cut != null && recovered.equals(cut)) {
                acknowledged = cut;
                cutApplied++;
            } else {
                assertThat(recovered).as("round %d: the catalog after recovery is the last acknowledged state"
                        + " (or that plus the cut DDL, whole)", round).isEqualTo(acknowledged);
                cutAbsent += cut == null ? 0 : 1;
            }
            cut = null;
            if (round == rounds) {
                catalog.close();
                break;
            }
            files.crashAfter(1 + random.nextInt(300));
            for (int i = 0; i < DDL_PER_ROUND; i++) {
                Ddl ddl = next(acknowledged, random);
                try {
                    ddl.run().accept(catalog);
                } catch (RuntimeException e) {
                    assertThat(files.isDown()).as("round %d: %s failed before the power loss: %s", round,
                            ddl.text(), e).isTrue();
                    cut = ddl.effect().apply(acknowledged.copy());
                    break;
                }
                acknowledged = ddl.effect().apply(acknowledged.copy());
                acked++;
            }
            files.powerLoss(random);
            closeQuietly(catalog);
            files = files.restarted();
        }
        System.out.printf("CatalogPowerLossTest: %d rounds, %d acknowledged DDL, cut DDL %d applied %d absent%n",
                rounds, acked, cutApplied, cutAbsent);
    }

    /** A random DDL that is valid against {@code s}. */
    private Ddl next(State s, Random random) {
        if (random.nextInt(4) == 0) {
            AccessModel.Change change = AccessModel.next(s.get(ACCESS), random, nextName++);
            return new Ddl(change.text(), change.run(), m -> {
                m.put(ACCESS, change.effect().apply(m.get(ACCESS)));
                return m;
            });
        }
        List<String> dbs = s.databases();
        int pick = random.nextInt(100);
        if (dbs.isEmpty() || pick < 8 && dbs.size() < 4) {
            String db = "d" + nextName++;
            return new Ddl("CREATE DATABASE " + db, c -> c.createDatabase(db, false), m -> {
                m.put(db, new TreeMap<>());
                return m;
            });
        }
        String db = dbs.get(random.nextInt(dbs.size()));
        List<String> tables = List.copyOf(s.get(db).keySet());
        if (pick < 11) {
            return new Ddl("DROP DATABASE " + db + " FORCE", c -> c.dropDatabase(db, false, true), m -> {
                m.remove(db);
                return m;
            });
        }
        if (pick < 14) {
            return new Ddl("CHECKPOINT", Catalog::checkpoint, m -> m);
        }
        if (pick < 24) {
            String name = "x" + random.nextInt(3);
            String value = Integer.toString(random.nextInt(1000));
            return new Ddl("SET GLOBAL " + name + " = " + value, c -> c.setGlobalVariable(name, value), m -> {
                m.get(GLOBALS).put(name, value);
                return m;
            });
        }
        if (tables.isEmpty() || pick < 40 && tables.size() < 5) {
            String table = "t" + nextName++;
            return new Ddl("CREATE TABLE " + db + "." + table,
                    c -> c.createTable(Defs.table(db, table).column("k", DataType.INT).build(), false), m -> {
                        m.get(db).put(table, describe(List.of("k"), 10_000));
                        return m;
                    });
        }
        String table = tables.get(random.nextInt(tables.size()));
        String[] current = s.get(db).get(table).split("\\|");
        List<String> columns = List.of(current[0].split(","));
        long interval = Long.parseLong(current[1]);
        if (pick < 48) {
            return new Ddl("DROP TABLE " + db + "." + table, c -> c.dropTable(db, table, false), m -> {
                m.get(db).remove(table);
                return m;
            });
        }
        if (pick < 70 && columns.size() < 6 || columns.size() == 1 && pick < 85) {
            String column = "c" + nextName++;
            List<String> after = new ArrayList<>(columns);
            after.add(column);
            return alter("ALTER TABLE " + db + "." + table + " ADD COLUMN " + column,
                    c -> c.addColumn(db, table, Defs.col(column, DataType.BIGINT), null, false),
                    db, table, describe(after, interval));
        }
        if (pick < 85) {
            String column = columns.get(1 + random.nextInt(columns.size() - 1));
            List<String> after = new ArrayList<>(columns);
            after.remove(column);
            return alter("ALTER TABLE " + db + "." + table + " DROP COLUMN " + column,
                    c -> c.dropColumn(db, table, column), db, table, describe(after, interval));
        }
        long ms = 1 + random.nextInt(100_000);
        return alter("ALTER TABLE " + db + "." + table + " SET group_commit_interval_ms " + ms,
                c -> c.alterTableProperties(db, table, Map.of("group_commit_interval_ms", Long.toString(ms))),
                db, table, describe(columns, ms));
    }

    private static Ddl alter(String text, Consumer<Catalog> run, String db, String table, String after) {
        return new Ddl(text, run, m -> {
            m.get(db).put(table, after);
            return m;
        });
    }

    private static String describe(List<String> columns, long intervalMs) {
        return String.join(",", columns) + "|" + intervalMs;
    }

    /** The catalog's state in the model's terms. */
    private static State project(CatalogSnapshot s) {
        State out = new State();
        out.put(GLOBALS, new TreeMap<>(s.globalVariables()));
        out.put(ACCESS, AccessModel.project(s.access()));
        for (Database db : s.databases()) {
            TreeMap<String, String> tables = new TreeMap<>();
            for (Table t : s.tables(db.name())) {
                tables.put(t.name(), describe(t.columns().stream().map(Column::name).collect(Collectors.toList()),
                        t.properties().groupCommitIntervalMs()));
            }
            out.put(db.name(), tables);
        }
        return out;
    }

    /** The abandoned catalog's files all fail now; closing it only releases what it holds. */
    private static void closeQuietly(Catalog catalog) throws InterruptedException {
        Thread.ofVirtual().start(() -> {
            try {
                catalog.close();
            } catch (RuntimeException e) {
                // the machine is gone; nothing to release cleanly
            }
        }).join(Duration.ofSeconds(30));
    }
}
