package io.shoaldb.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.common.error.ShoalException;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchBuilderTest {
    private static final List<DataType> ALL = List.of(DataType.BOOLEAN, DataType.TINYINT, DataType.SMALLINT,
            DataType.INT, DataType.BIGINT, DataType.LARGEINT, DataType.FLOAT, DataType.DOUBLE,
            DataType.decimal(10, 2), DataType.decimal(38, 5), DataType.DATE, DataType.datetime(6),
            DataType.charType(5), DataType.varchar(20), DataType.STRING, DataType.JSON);
    /** A value of each of {@link #ALL}, at their edges where they have some. */
    private static final Object[] ROW = {true, 127L, -32768L, Integer.MIN_VALUE + 0L, Long.MAX_VALUE,
        BigInteger.ONE.shiftLeft(126).negate(), 1.5f, -0.0, new BigDecimal("-12345678.90"),
        new BigDecimal("123456789012345678901234567890123.45678"), LocalDate.of(1, 1, 1),
        LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), "héllo", "", "日本語", "{\"a\":1}"};

    @Test
    void everyTypeRoundTripsThroughObjects() {
        Object[] nulls = new Object[ALL.size()];
        BatchBuilder b = new BatchBuilder(ALL);
        b.appendRow(ROW).appendRow(nulls).appendRow(ROW);
        Batch batch = b.build();
        assertThat(batch.rowCount()).isEqualTo(3);
        for (int c = 0; c < ALL.size(); c++) {
            assertThat(batch.getObject(0, c)).as("column %s", ALL.get(c)).isEqualTo(ROW[c]);
            assertThat(batch.getObject(1, c)).isNull();
            assertThat(batch.getObject(2, c)).isEqualTo(ROW[c]);
            assertThat(batch.column(c).mayHaveNulls()).isTrue();
        }
        assertThat(batch.retainedBytes()).isPositive();
    }

    /**
     * A build hands the builder's arrays to its vector and leaves empty ones; the batches built after it, by row,
     * null or range, are whole, and the earlier vector keeps its values.
     */
    @Test
    void everyTypeBuildsAgainAfterABuild() {
        Object[] nulls = new Object[ALL.size()];
        BatchBuilder b = new BatchBuilder(ALL, 1);
        Batch first = b.appendRow(ROW).build();
        Batch second = b.appendRow(nulls).appendRow(ROW).build();
        Batch empty = b.build();
        b.appendRow(nulls);
        for (int i = 0; i < 40; i++) {
            b.appendRow(ROW);
        }
        Batch third = b.build();
        for (int c = 0; c < ALL.size(); c++) {
            VectorBuilder ranges = VectorBuilder.create(ALL.get(c), 1);
            ranges.build();
            ranges.appendRange((FlatVector) third.column(c), 0, 41);
            ranges.appendRange((FlatVector) second.column(c), 1, 1);
            FlatVector copied = ranges.build();
            assertThat(first.getObject(0, c)).as("column %s", ALL.get(c)).isEqualTo(ROW[c]);
            assertThat(second.getObject(0, c)).isNull();
            assertThat(second.getObject(1, c)).isEqualTo(ROW[c]);
            assertThat(empty.rowCount()).isZero();
            assertThat(third.getObject(0, c)).isNull();
            assertThat(copied.size()).isEqualTo(42);
            assertThat(copied.getObject(0)).isNull();
            for (int r = 1; r < 42; r++) {
                assertThat(third.getObject(Math.min(r, 40), c)).isEqualTo(ROW[c]);
                assertThat(copied.getObject(r)).isEqualTo(ROW[c]);
            }
        }
    }

    @Test
    void aViewSharesTheBuildersArraysWhichResetReuses() {
        for (int c = 0; c < ALL.size(); c++) {
            VectorBuilder builder = VectorBuilder.create(ALL.get(c), 4);
            builder.appendObject(ROW[c]);
            builder.appendObject(null);
            FlatVector view = builder.view();
            assertThat(view.size()).isEqualTo(2);
            assertThat(view.getObject(0)).as("column %s", ALL.get(c)).isEqualTo(ROW[c]);
            assertThat(view.getObject(1)).isNull();
            builder.reset();
            builder.appendObject(ROW[c]);
            FlatVector again = builder.view();
            assertThat(again.size()).isEqualTo(1);
            assertThat(again.getObject(0)).isEqualTo(ROW[c]);
            assertThat(again.mayHaveNulls() && again.isNull(0)).isFalse();
        }
    }

    @Test
    void physicalTypeMapping() {
        assertThat(PhysicalType.of(DataType.DATE)).isEqualTo(PhysicalType.INT32);
        assertThat(PhysicalType.of(DataType.decimal(18, 0))).isEqualTo(PhysicalType.INT64);
        assertThat(PhysicalType.of(DataType.decimal(19, 0))).isEqualTo(PhysicalType.INT128);
        assertThat(PhysicalType.of(DataType.datetime(3))).isEqualTo(PhysicalType.INT64);
        assertThat(PhysicalType.of(DataType.JSON)).isEqualTo(PhysicalType.BYTES);
    }

    @Test
    void vectorWithoutNullsHasNoBitmap() {
        LongVectorBuilder b = (LongVectorBuilder) VectorBuilder.create(DataType.BIGINT, 2);
        for (int i = 0; i < 1000; i++) {
            b.appendLong(i);
        }
        LongVector v = (LongVector) b.build();
        assertThat(v.validity()).isNull();
        assertThat(v.mayHaveNulls()).isFalse();
        assertThat(v.getLong(999)).isEqualTo(999);
    }

    @Test
    void appendRangeKeepsNullsAtTheRightRows() {
        IntVectorBuilder src = (IntVectorBuilder) VectorBuilder.create(DataType.INT, 4);
        for (int i = 0; i < 200; i++) {
            if (i % 7 == 3) {
                src.appendNull();
            } else {
                src.appendInt(i);
            }
        }
        FlatVector source = src.build();
        IntVectorBuilder dst = (IntVectorBuilder) VectorBuilder.create(DataType.INT, 4);
        dst.appendInt(-1);
        dst.appendRange(source, 1, 150);
        dst.appendRange(source, 151, 49);
        IntVector out = (IntVector) dst.build();
        assertThat(out.size()).isEqualTo(200);
        for (int i = 1; i < 200; i++) {
            assertThat(out.isNull(i)).as("row %d", i).isEqualTo(i % 7 == 3);
            if (i % 7 != 3) {
                assertThat(out.getInt(i)).isEqualTo(i);
            }
        }
    }

    @Test
    void selectionAndCompact() {
        BatchBuilder b = new BatchBuilder(List.of(DataType.INT, DataType.STRING));
        for (int i = 0; i < 10; i++) {
            b.appendRow((long) i, "v" + i);
        }
        Batch selected = b.build().withSelection(new int[] {1, 4, 9}, 3);
        assertThat(selected.positionCount()).isEqualTo(3);
        assertThat(selected.getObject(1, 1)).isEqualTo("v4");
        Batch compact = selected.compact();
        assertThat(compact.selection()).isNull();
        assertThat(compact.rowCount()).isEqualTo(3);
        assertThat(compact.getObject(2, 0)).isEqualTo(9L);
    }

    @Test
    void dictionaryAndConstantVectors() {
        BytesVectorBuilder d = (BytesVectorBuilder) VectorBuilder.create(DataType.STRING, 2);
        d.appendString("a");
        d.appendString("bb");
        FlatVector dict = d.build();
        long[] validity = Validity.allValid(4, 4);
        Validity.setNull(validity, 2);
        DictionaryVector dv = new DictionaryVector(dict, 4, new int[] {1, 0, 0, 1}, validity);
        assertThat(Arrays.asList(dv.getObject(0), dv.getObject(1), dv.getObject(2), dv.getObject(3)))
                .containsExactly("bb", "a", null, "bb");
        FlatVector flat = dv.flatten();
        assertThat(flat.isNull(2)).isTrue();
        assertThat(flat.getObject(3)).isEqualTo("bb");
        DictionaryVector selected = dv.selectPositions(new int[] {9, 3, 2, 1}, 1, 3);
        assertThat(selected.dictionary()).isSameAs(dict);
        assertThat(Arrays.asList(selected.getObject(0), selected.getObject(1), selected.getObject(2)))
                .containsExactly("bb", null, "a");
        ConstantVector cv = new ConstantVector((FlatVector) dict.copyPositions(new int[] {0}, 0, 1), 5);
        assertThat(cv.flatten().getObject(4)).isEqualTo("a");
    }

    @Test
    void outOfRangeValuesAreRejected() {
        BatchBuilder b = new BatchBuilder(List.of(DataType.TINYINT));
        assertThatThrownBy(() -> b.appendRow(128L)).isInstanceOfSatisfying(ShoalException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_VALUE));
        BatchBuilder d = new BatchBuilder(List.of(DataType.decimal(4, 2)));
        assertThatThrownBy(() -> d.appendRow(new BigDecimal("1.234"))).isInstanceOf(ShoalException.class);
        assertThatThrownBy(() -> d.appendRow(new BigDecimal("123.4"))).isInstanceOf(ShoalException.class);
    }
}
