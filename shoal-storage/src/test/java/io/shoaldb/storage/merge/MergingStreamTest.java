package io.shoaldb.storage.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shoaldb.storage.tablet.AggregateFunction;
import io.shoaldb.storage.tablet.KeysModel;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Merges of random key-ordered sources against a reference computed row by row: DUPLICATE keeps every row in
 * (key, source rank, position) order - the stretches copied in one range must end exactly where another
 * source's row comes first - and UNIQUE keeps the newest row of each key. Sources overlap fully, partly or
 * not at all, keys repeat within and across sources and may be null, chunks and batches have random sizes.
 */
class MergingStreamTest {
    private static final List<DataType> TYPES = List.of(DataType.BIGINT, DataType.varchar(8), DataType.INT);
    private static final Comparator<Row> KEY_ORDER = Comparator
            .comparing((Row r) -> r.number, Comparator.nullsFirst(Comparator.<Long>naturalOrder()))
            .thenComparing(r -> r.text, Comparator.nullsFirst(Comparator.<String>naturalOrder()));
    private static final Comparator<Row> MERGE_ORDER = KEY_ORDER.thenComparingInt(r -> r.source)
            .thenComparingInt(r -> r.position);

    private record Row(Long number, String text, int source, int position) {
        int id() {
            return source * 100_000 + position;
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void duplicateKeepsEveryRowInKeyThenSourceOrder(int seed) {
        Random rnd = new Random(seed);
        List<List<Row>> sources = randomSources(rnd);
        List<Row> expected = sources.stream().flatMap(List::stream).sorted(MERGE_ORDER).toList();
        assertEquals(ids(expected), merge(KeysModel.DUPLICATE, sources, rnd));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void uniqueKeepsTheNewestRowOfEachKey(int seed) {
        Random rnd = new Random(seed);
        List<List<Row>> sources = randomSources(rnd);
        Map<List<Object>, Row> newest = new LinkedHashMap<>();
        sources.stream().flatMap(List::stream).sorted(MERGE_ORDER)
                .forEach(r -> newest.put(Arrays.asList(r.number, r.text), r));
        assertEquals(ids(List.copyOf(newest.values())), merge(KeysModel.UNIQUE, sources, rnd));
    }

    private static List<List<Row>> randomSources(Random rnd) {
        int count = 1 + rnd.nextInt(6);
        int shape = rnd.nextInt(3); // 0: ranges overlap fully, 1: partly, 2: not at all
        List<List<Row>> sources = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            int rows = rnd.nextInt(400);
            long base = shape == 0 ? 0 : shape == 1 ? s * 30L : s * 1_000L;
            long span = shape == 2 ? 500 : 60;
            List<Row> source = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                Long number = rnd.nextInt(40) == 0 ? null : base + rnd.nextLong(span);
                String text = rnd.nextInt(30) == 0 ? null : String.valueOf((char) ('a' + rnd.nextInt(3)));
                source.add(new Row(number, text, s, 0));
            }
            source.sort(KEY_ORDER);
            List<Row> numbered = new ArrayList<>();
            for (int i = 0; i < source.size(); i++) {
                numbered.add(new Row(source.get(i).number, source.get(i).text, s, i));
            }
            sources.add(numbered);
        }
        return sources;
    }

    private static List<Integer> merge(KeysModel model, List<List<Row>> sources, Random rnd) {
        List<AggregateFunction> functions = Arrays.asList(null, null, null);
        MergeSpec spec = new MergeSpec(model, TYPES, 2, -1, functions);
        List<RowSource> chunked = new ArrayList<>();
        for (List<Row> source : sources) {
            chunked.add(new ChunkedSource(source, 1 + rnd.nextInt(60)));
        }
        List<Integer> ids = new ArrayList<>();
        try (MergingStream merge = new MergingStream(spec, chunked, 1 + rnd.nextInt(100))) {
            for (Batch b = merge.next(); b != null; b = merge.next()) {
                for (int i = 0; i < b.rowCount(); i++) {
                    ids.add(((Number) b.getObject(i, 2)).intValue());
                }
            }
        }
        return ids;
    }

    private static List<Integer> ids(List<Row> rows) {
        return rows.stream().map(Row::id).toList();
    }

    /** A source's rows as flat chunks of {@code chunkRows}; the third column carries each row's identity. */
    private static final class ChunkedSource implements RowSource {
        private final Iterator<List<Row>> chunks;

        ChunkedSource(List<Row> rows, int chunkRows) {
            List<List<Row>> split = new ArrayList<>();
            for (int i = 0; i < rows.size(); i += chunkRows) {
                split.add(rows.subList(i, Math.min(rows.size(), i + chunkRows)));
            }
            this.chunks = split.iterator();
        }

        @Override
        public FlatVector[] next() {
            if (!chunks.hasNext()) {
                return null;
            }
            List<Row> chunk = chunks.next();
            VectorBuilder[] builders = new VectorBuilder[TYPES.size()];
            for (int c = 0; c < builders.length; c++) {
                builders[c] = VectorBuilder.create(TYPES.get(c), chunk.size());
            }
            for (Row r : chunk) {
                builders[0].appendObject(r.number);
                builders[1].appendObject(r.text);
                builders[2].appendObject((long) r.id());
            }
            FlatVector[] columns = new FlatVector[builders.length];
            for (int c = 0; c < columns.length; c++) {
                columns[c] = builders[c].build();
            }
            return columns;
        }

        @Override
        public void close() {
        }
    }
}
