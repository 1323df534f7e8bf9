package io.shoaldb.exec.operator.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BatchBuilder;
import io.shoaldb.vector.ConstantVector;
import io.shoaldb.vector.type.DataType;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A join's build rows keep the columns it reads, selected rows only, and hold the others as NULL constants. */
class BuildRowsTest {
    private static final List<DataType> TYPES = List.of(DataType.INT, DataType.varchar(10), DataType.BIGINT);

    private static Batch batch(Object[]... rows) {
        BatchBuilder b = new BatchBuilder(TYPES, rows.length);
        for (Object[] r : rows) {
            b.appendRow(r);
        }
        return b.build();
    }

    @Test
    void theReadColumnsAreCopiedAndTheOthersAreANullConstantAsLongAsTheRows() {
        BitSet read = new BitSet();
        read.set(0);
        read.set(2);
        BuildRows rows = new BuildRows(TYPES, read, 2);
        rows.add(batch(new Object[] {1, "a", 10L}, new Object[] {2, "b", null}));
        rows.add(batch(new Object[] {3, "c", 30L}, new Object[] {4, "d", 40L}).withSelection(new int[] {1}, 1));
        Batch all = rows.build();
        assertThat(all.positionCount()).isEqualTo(3);
        assertThat(List.of(all.getObject(0, 0), all.getObject(1, 0), all.getObject(2, 0))).containsExactly(1L, 2L, 4L);
        assertThat(all.getObject(1, 2)).isNull();
        assertThat(all.getObject(2, 2)).isEqualTo(40L);
        assertThat(all.column(1)).isInstanceOf(ConstantVector.class);
        assertThat(all.column(1).size()).isEqualTo(3);
        assertThat(all.getObject(2, 1)).isNull();
    }

    @Test
    void withoutAReadSetEveryColumnIsCopied() {
        BuildRows rows = new BuildRows(TYPES, null, 1);
        rows.add(batch(new Object[] {1, "a", 10L}));
        Batch all = rows.build();
        assertThat(List.of(all.getObject(0, 0), all.getObject(0, 1), all.getObject(0, 2))).containsExactly(1L, "a", 10L);
    }
}
