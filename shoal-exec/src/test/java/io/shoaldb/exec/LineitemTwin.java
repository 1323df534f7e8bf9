package io.shoaldb.exec;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;

/**
 * The same generated lineitem rows in our storage and in an in-memory DuckDB, for tests that compare answers.
 *
 * @param db our engine over the rows
 * @param duck DuckDB over the same rows
 */
record LineitemTwin(TestDatabase db, Connection duck) implements AutoCloseable {
    /**
     * Generates {@code rows} rows from {@code seed}, stores them in {@code tablets} tablets over {@code partitions}
     * data partitions (as many workers) in {@code loads} loads, and copies them into DuckDB.
     */
    static LineitemTwin load(Path dir, int rows, long seed, int partitions, int tablets, int loads) throws Exception {
        List<Object[]> generated = Lineitem.generate(rows, seed);
        TestDatabase db = new TestDatabase(dir, partitions, partitions);
        Lineitem.create(db, tablets);
        Lineitem.load(db, generated, loads);
        Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Lineitem.loadDuckDb(duck, generated, dir);
        return new LineitemTwin(db, duck);
    }

    @Override
    public void close() throws Exception {
        duck.close();
        db.close();
    }
}
