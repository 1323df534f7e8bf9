package io.shoaldb.ingest.groupcommit.wal;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchCodecTest {
    static final List<DataType> ALL = List.of(DataType.BOOLEAN, DataType.TINYINT, DataType.SMALLINT, DataType.INT,
            DataType.BIGINT, DataType.LARGEINT, DataType.FLOAT, DataType.DOUBLE, DataType.decimal(10, 2),
            DataType.decimal(30, 5), DataType.DATE, DataType.datetime(6), DataType.charType(5), DataType.varchar(20),
            DataType.STRING, DataType.JSON);

    static Batch sample(int rows) {
        BatchBuilder b = new BatchBuilder(ALL);
        for (int i = 0; i < rows; i++) {
            if (i % 3 == 2) {
                b.appendRow(new Object[ALL.size()]); // a row of NULLs
                continue;
            }
            b.appendRow(i % 2 == 0, (long) (i % 100), (long) (i * 7), (long) i, -1L * i * 1_000_000_007L,
                    BigInteger.ONE.shiftLeft(100).add(BigInteger.valueOf(i)), i == 0 ? Float.NaN : i / 3f,
                    i == 0 ? -0.0 : i / 7.0, new BigDecimal("12.3" + (i % 10)), new BigDecimal("-123456789012345678901.5"),
                    LocalDate.of(2024, 1, 1).plusDays(i), LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123456000),
                    "c" + i, "varchar é " + i, "s".repeat(i), "{\"a\":" + i + "}");
        }
        return b.build();
    }

    static List<List<Object>> values(Batch b) {
        List<List<Object>> out = new ArrayList<>();
        for (int p = 0; p < b.positionCount(); p++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < b.columnCount(); c++) {
                row.add(b.getObject(p, c));
            }
            out.add(row);
        }
        return out;
    }

    @Test
    void everyPhysicalTypeWithNullsRoundTripsExactly() {
        Batch original = sample(130);
        ByteBuffer encoded = BatchCodec.encode(original);
        Batch decoded = BatchCodec.decode(encoded, "test");
        assertThat(decoded.positionCount()).isEqualTo(130);
        assertThat(values(decoded)).isEqualTo(values(original));
        for (int c = 0; c < ALL.size(); c++) {
            assertThat(decoded.column(c).type()).isEqualTo(ALL.get(c));
        }
        // exact bits: NaN and negative zero survive
        assertThat(Float.floatToRawIntBits((Float) decoded.getObject(0, 6))).isEqualTo(Float.floatToRawIntBits(Float.NaN));
        assertThat(Double.doubleToRawLongBits((Double) decoded.getObject(0, 7))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(encoded.hasRemaining()).isFalse();
    }

    @Test
    void aSelectionIsAppliedAndEmptyBatchesWork() {
        Batch original = sample(10).withSelection(new int[] {1, 4, 9}, 3);
        Batch decoded = BatchCodec.decode(BatchCodec.encode(original), "test");
        assertThat(values(decoded)).isEqualTo(values(original));
        Batch empty = BatchCodec.decode(BatchCodec.encode(sample(0)), "test");
        assertThat(empty.positionCount()).isZero();
        assertThat(empty.columnCount()).isEqualTo(ALL.size());
    }
}
