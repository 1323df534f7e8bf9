package io.shoaldb.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Group ids against a reference map from key tuple to the id of its first appearance, over enough batches
 * and distinct keys to rehash several times, with NULLs in every key position, runs of equal keys, selected
 * rows, and lookups of absent keys - for the integer-key table (1 to 4 keys, INT, DATE and BIGINT) and the
 * generic one (strings, five keys).
 */
class GroupByHashTest {
    static List<List<DataType>> keyTypes() {
        return List.of(List.of(DataType.BIGINT), List.of(DataType.INT), List.of(DataType.BIGINT, DataType.INT),
                List.of(DataType.DATE, DataType.BIGINT), List.of(DataType.INT, DataType.INT, DataType.BIGINT),
                List.of(DataType.BIGINT, DataType.INT, DataType.DATE, DataType.BIGINT), List.of(DataType.STRING),
                List.of(DataType.BIGINT, DataType.STRING), List.of(DataType.INT, DataType.INT, DataType.BIGINT,
                        DataType.INT, DataType.BIGINT));
    }

    @ParameterizedTest
    @MethodSource("keyTypes")
    void idsFollowFirstAppearanceAndFindSeesOnlyInsertedKeys(List<DataType> types) {
        Random random = new Random(42);
        GroupByHash hash = new GroupByHash(types);
        Map<List<Object>, Integer> reference = new HashMap<>();
        List<List<Object>> keysInOrder = new ArrayList<>();
        int[] keyColumns = new int[types.size()];
        for (int k = 0; k < keyColumns.length; k++) {
            keyColumns[k] = types.size() - 1 - k; // key order differs from column order
        }
        for (int b = 0; b < 20; b++) {
            List<List<Object>> tuples = new ArrayList<>();
            Batch batch = batch(types, keyColumns, random, 3000, 20_000, tuples);
            int[] rows = selectedRows(random, tuples.size());
            int[] ids = hash.groupIds(batch, keyColumns, rows, rows.length);
            for (int i = 0; i < rows.length; i++) {
                List<Object> key = tuples.get(rows[i]);
                Integer expected = reference.get(key);
                if (expected == null) {
                    expected = reference.size();
                    reference.put(key, expected);
                    keysInOrder.add(key);
                }
                assertThat(ids[i]).as("row %s key %s", rows[i], key).isEqualTo(expected);
            }
        }
        assertThat(hash.groupCount()).isEqualTo(reference.size()).isGreaterThan(4096);

        List<List<Object>> probeTuples = new ArrayList<>();
        Batch probe = batch(types, keyColumns, random, 5000, 40_000, probeTuples);
        int[] all = new int[probeTuples.size()];
        Arrays.setAll(all, i -> i);
        int[] found = hash.find(probe, keyColumns, all, all.length);
        int misses = 0;
        for (int i = 0; i < all.length; i++) {
            int expected = reference.getOrDefault(probeTuples.get(i), -1);
            misses += expected < 0 ? 1 : 0;
            assertThat(found[i]).as("probe key %s", probeTuples.get(i)).isEqualTo(expected);
        }
        assertThat(misses).isPositive();
        assertThat(hash.groupCount()).isEqualTo(reference.size());

        assertKeysWritten(hash, types, keysInOrder);
    }

    @ParameterizedTest
    @MethodSource("keyTypes")
    void aClearedTableKeepsItsSizeAndNumbersGroupsAnewForgettingTheOldOnes(List<DataType> types) {
        Random random = new Random(23);
        GroupByHash hash = new GroupByHash(types);
        int[] keyColumns = java.util.stream.IntStream.range(0, types.size()).toArray();
        List<List<Object>> before = new ArrayList<>();
        Batch first = batch(types, keyColumns, random, 6000, 20_000, before);
        int[] all = new int[before.size()];
        Arrays.setAll(all, i -> i);
        hash.groupIds(first, keyColumns, all, all.length);
        long grown = hash.retainedBytes();
        assertThat(grown).isGreaterThan(new GroupByHash(types).retainedBytes());

        hash.clear();
        assertThat(hash.groupCount()).isZero();
        assertThat(hash.probes()).isZero();
        assertThat(hash.retainedBytes()).as("the slots are kept at the size they reached").isEqualTo(grown);
        assertThat(hash.find(first, keyColumns, all, all.length)).as("no key of before the clear is found")
                .containsOnly(-1);

        // Half the keys of before again, among new ones: ids follow first appearance from 0.
        List<List<Object>> after = new ArrayList<>();
        Batch second = batch(types, keyColumns, random, 3000, 40_000, after);
        int[] rows = new int[after.size()];
        Arrays.setAll(rows, i -> i);
        Map<List<Object>, Integer> reference = new HashMap<>();
        List<List<Object>> keysInOrder = new ArrayList<>();
        int[] ids = hash.groupIds(second, keyColumns, rows, rows.length);
        for (int i = 0; i < rows.length; i++) {
            List<Object> key = after.get(i);
            Integer expected = reference.get(key);
            if (expected == null) {
                expected = reference.size();
                reference.put(key, expected);
                keysInOrder.add(key);
            }
            assertThat(ids[i]).as("row %s key %s", i, key).isEqualTo(expected);
        }
        assertThat(hash.groupCount()).isEqualTo(reference.size());
        assertKeysWritten(hash, types, keysInOrder);
    }

    @ParameterizedTest
    @MethodSource("keyTypes")
    void nullIsNotTheZeroItIsStoredAsEvenInARun(List<DataType> types) {
        GroupByHash hash = new GroupByHash(types);
        Object zero = switch (types.get(0).id()) { // a key whose stored value is 0, as a NULL's is
            case BIGINT -> 0L;
            case INT -> 0;
            case DATE -> java.time.LocalDate.EPOCH;
            default -> "";
        };
        BatchBuilder builder = new BatchBuilder(types, 6);
        Object[][] rows = new Object[6][types.size()];
        for (Object[] row : rows) {
            for (int k = 1; k < types.size(); k++) {
                row[k] = value(types.get(k), 7);
            }
        }
        rows[0][0] = zero;
        rows[1][0] = null;
        rows[2][0] = null;
        rows[3][0] = zero;
        rows[5][0] = zero;
        rows[4][0] = null;
        for (Object[] row : rows) {
            builder.appendRow(row);
        }
        Batch batch = builder.build();
        int[] keyColumns = java.util.stream.IntStream.range(0, types.size()).toArray();
        int[] all = {0, 1, 2, 3, 4, 5};
        assertThat(hash.groupIds(batch, keyColumns, all, 6)).containsExactly(0, 1, 1, 0, 1, 0);
        assertThat(hash.find(batch, keyColumns, all, 6)).containsExactly(0, 1, 1, 0, 1, 0);
    }

    @org.junit.jupiter.api.Test
    void dictionaryEncodedKeysGetTheIdsOfTheirValuesWhetherEncodedOrNot() {
        List<DataType> types = List.of(DataType.varchar(1), DataType.STRING);
        io.shoaldb.vector.FlatVector[] dictionaries = {strings(types.get(0), "A", "N", "R"),
                strings(types.get(1), "F", "O", "")};
        GroupByHash hash = new GroupByHash(types);
        Map<List<Object>, Integer> reference = new HashMap<>();
        Random random = new Random(17);
        int[] keyColumns = {1, 0};
        long rowsLookedUp = 0;
        for (int b = 0; b < 12; b++) {
            int n = b == 5 ? 6 : 700; // 6 rows: fewer than the 16 codes, so looked up row by row
            io.shoaldb.vector.ColumnVector[] columns = new io.shoaldb.vector.ColumnVector[2];
            for (int c = 0; c < 2; c++) {
                int[] entries = new int[n];
                long[] validity = io.shoaldb.vector.Validity.allValid(n, n);
                for (int i = 0; i < n; i++) {
                    entries[i] = random.nextInt(dictionaries[1 - c].size());
                    if (random.nextInt(20) == 0) {
                        io.shoaldb.vector.Validity.setNull(validity, i);
                    }
                }
                io.shoaldb.vector.DictionaryVector d = io.shoaldb.vector.DictionaryVector.of(types.get(1 - c),
                        dictionaries[1 - c], n, entries, validity);
                columns[c] = b % 3 == 2 ? d.flatten() : d; // flat batches share the table
            }
            Batch batch = new Batch(n, columns);
            int[] rows = selectedRows(random, n);
            int[] ids = hash.groupIds(batch, keyColumns, rows, rows.length);
            rowsLookedUp += rows.length;
            for (int i = 0; i < rows.length; i++) {
                List<Object> key = java.util.Arrays.asList(batch.getObject(rows[i], 1), batch.getObject(rows[i], 0));
                int expected = reference.computeIfAbsent(key, k -> reference.size());
                assertThat(ids[i]).as("batch %s row %s key %s", b, rows[i], key).isEqualTo(expected);
            }
        }
        assertThat(hash.groupCount()).isEqualTo(reference.size()).isEqualTo(16);
        assertThat(hash.probes()).as("dictionary batches look up one row per code").isLessThan(rowsLookedUp / 2);
    }

    private static io.shoaldb.vector.FlatVector strings(DataType type, String... values) {
        VectorBuilder b = VectorBuilder.create(type, values.length);
        for (String v : values) {
            b.appendObject(v);
        }
        return b.build();
    }

    /**
     * Rows of random keys ({@code distinct} values per key, about 3 % NULL, a third of the rows repeating the
     * row before); {@code tuples} gets each row's key tuple.
     */
    private static Batch batch(List<DataType> types, int[] keyColumns, Random random, int rows, int distinct,
                               List<List<Object>> tuples) {
        List<DataType> columnTypes = new ArrayList<>(types);
        for (int k = 0; k < keyColumns.length; k++) {
            columnTypes.set(keyColumns[k], types.get(k));
        }
        BatchBuilder builder = new BatchBuilder(columnTypes, rows);
        for (int r = 0; r < rows; r++) {
            Object[] row = new Object[types.size()];
            List<Object> tuple = new ArrayList<>();
            boolean repeat = r > 0 && random.nextInt(3) == 0; // runs, as sorted input has
            for (int k = 0; k < types.size(); k++) {
                Object v = repeat ? tuples.get(r - 1).get(k)
                        : random.nextInt(100) < 3 ? null : value(types.get(k), random.nextInt(distinct));
                row[keyColumns[k]] = v;
                tuple.add(v);
            }
            builder.appendRow(row);
            tuples.add(tuple);
        }
        Batch batch = builder.build();
        for (int r = 0; r < rows; r++) { // the values as the vectors return them
            List<Object> tuple = tuples.get(r);
            for (int k = 0; k < types.size(); k++) {
                tuple.set(k, batch.column(keyColumns[k]).getObject(r));
            }
        }
        return batch;
    }

    private static Object value(DataType type, int n) {
        return switch (type.id()) {
            case BIGINT -> n * 1_000_003L - (1L << 40); // wide and negative values
            case INT -> n - 5000;
            case DATE -> java.time.LocalDate.of(1992, 1, 1).plusDays(n % 3000);
            default -> "k" + n;
        };
    }

    private static int[] selectedRows(Random random, int n) {
        return java.util.stream.IntStream.range(0, n).filter(i -> random.nextInt(4) != 0).toArray();
    }

    /** The keys the table writes out are its groups' keys, in group-id order. */
    private static void assertKeysWritten(GroupByHash hash, List<DataType> types, List<List<Object>> keysInOrder) {
        VectorBuilder[] out = new VectorBuilder[types.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = VectorBuilder.create(types.get(k), hash.groupCount());
        }
        hash.writeKeys(0, hash.groupCount(), out);
        for (int k = 0; k < out.length; k++) {
            io.shoaldb.vector.FlatVector written = out[k].build();
            for (int g = 0; g < hash.groupCount(); g++) {
                assertThat(written.getObject(g)).as("group %s key %s", g, k).isEqualTo(keysInOrder.get(g).get(k));
            }
        }
    }
}
