package io.shoaldb.bench.sql;

import io.shoaldb.catalog.CatalogSnapshot;
import io.shoaldb.sql.parser.DorisSqlParser;
import io.shoaldb.sql.planner.PlanTemplate;
import io.shoaldb.sql.planner.PlannerSettings;
import io.shoaldb.sql.planner.PlanningPhases;
import io.shoaldb.sql.planner.QueryPlanner;
import io.shoaldb.sql.planner.QueryShape;
import io.shoaldb.sql.planner.TableStatistics;
import io.shoaldb.testing.TestServer;
import io.shoaldb.testing.tpc.TpcQueries;
import io.shoaldb.testing.tpc.TpcQuery;
import io.shoaldb.testing.tpc.TpchTables;
import io.shoaldb.testing.tpc.TpcTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Planning time of each TPC-H query, by phase: parse, then what {@link PlanningPhases} records inside
 * {@link QueryPlanner} (checks, validate, sql-to-rel, subqueries, push-down, join-order, trim, tidy, translate).
 * The schema is created in an in-process server; the planner gets the row counts of TPC-H at the given scale, so
 * join ordering sees the sizes it sees on loaded data. Prints the median over the runs per phase, in ms, and
 * ("cached") what the plan cache spends instead on a hit: the text's shape, and binding the cached template to the
 * query's literals ("params" of them are parameters; binding translates the logical plan again).
 *
 * <p>Usage: {@code PlanningTimeBenchmark [--scale 1] [--runs 30] [--warmup 20] [--queries q02,q05]}
 */
public final class PlanningTimeBenchmark {
    private static final Map<String, Long> SF1_ROWS = Map.of("region", 5L, "nation", 25L, "supplier", 10_000L,
            "customer", 150_000L, "part", 200_000L, "partsupp", 800_000L, "orders", 1_500_000L,
            "lineitem", 6_001_215L);
    private static final List<String> PHASES = List.of("parse", "check", "validate", "sql-to-rel", "subqueries",
            "push-down", "join-order", "trim", "tidy", "translate");

    private PlanningTimeBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        double scale = 1;
        int runs = 30;
        int warmup = 20;
        String selection = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--scale" -> scale = Double.parseDouble(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--queries" -> selection = args[++i];
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("planning-time");
        try (TestServer server = TestServer.start(dir); Connection c = server.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE tpch");
            s.execute("USE tpch");
            for (TpcTable table : TpchTables.all()) {
                s.execute(table.dorisDdl());
            }
            CatalogSnapshot catalog = server.server().catalog().snapshot();
            double sf = scale;
            TableStatistics rows = tableId -> catalog.tableById(tableId)
                    .map(t -> OptionalLong.of(Math.max(1, Math.round(SF1_ROWS.get(t.name()) * (t.name().equals("nation")
                            || t.name().equals("region") ? 1 : sf))))).orElse(OptionalLong.empty());
            PlannerSettings settings = new PlannerSettings(rows, PlannerSettings.DEFAULT_BROADCAST_ROW_LIMIT);
            QueryPlanner planner = new QueryPlanner();
            System.out.printf("%-6s %8s %8s %7s", "query", "total", "cached", "params");
            PHASES.forEach(p -> System.out.printf(" %10s", p));
            System.out.println();
            List<TpcQuery> queries = selection == null ? TpcQueries.all() : TpcQueries.selected(selection);
            int n = runs;
            for (TpcQuery query : queries) {
                if (query.isTpcds() || !query.name().matches("q\\d\\d")) {
                    continue;
                }
                Map<String, long[]> samples = new LinkedHashMap<>();
                long[] totals = new long[runs];
                for (int i = 0; i < warmup + runs; i++) {
                    long start = System.nanoTime();
                    var parsed = DorisSqlParser.parse(query.sql());
                    long parse = System.nanoTime() - start;
                    PlanningPhases phases = PlanningPhases.start();
                    try {
                        planner.plan(parsed, catalog, "tpch", settings);
                    } finally {
                        PlanningPhases.stop();
                    }
                    long total = System.nanoTime() - start;
                    if (i >= warmup) {
                        int run = i - warmup;
                        totals[run] = total;
                        samples.computeIfAbsent("parse", k -> new long[n])[run] = parse;
                        for (Map.Entry<String, Long> e : phases.nanos().entrySet()) {
                            samples.computeIfAbsent(e.getKey(), k -> new long[n])[run] = e.getValue();
                        }
                    }
                }
                // The plan cache's path: the shape from the text, the cached template bound to its literals.
                PlanTemplate template = planner.prepare(DorisSqlParser.parse(query.sql()), QueryShape.of(query.sql()),
                        catalog, "tpch", settings);
                long[] cached = new long[runs];
                for (int i = 0; i < warmup + runs; i++) {
                    long start = System.nanoTime();
                    if (template.bind(QueryShape.of(query.sql())) == null) {
                        throw new IllegalStateException(query.name() + " did not bind its own literals");
                    }
                    if (i >= warmup) {
                        cached[i - warmup] = System.nanoTime() - start;
                    }
                }
                System.out.printf("%-6s %8.2f %8.3f %7d", query.name(), median(totals), median(cached),
                        template.parameterCount());
                for (String phase : PHASES) {
                    long[] values = samples.get(phase);
                    System.out.printf(" %10s", values == null ? "-" : String.format("%.2f", median(values)));
                }
                System.out.println();
            }
        }
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }
}
