package io.shoaldb.exec.expr;

import io.shoaldb.vector.Batch;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.type.DataType;
import java.util.List;

/** Three-valued AND, OR, NOT and IS [NOT] NULL as BOOLEAN vectors (used in projections and as filter fallback). */
final class BooleanExpressions {
    private BooleanExpressions() {
    }

    /** AND is FALSE if any term is FALSE, else NULL if any is NULL, else TRUE; OR is the dual. */
    record Junction(List<VectorExpression> terms, boolean isAnd) implements VectorExpression {
        @Override
        public DataType type() {
            return DataType.BOOLEAN;
        }

        @Override
        public ColumnVector evaluate(Batch batch) {
            int n = batch.positionCount();
            int dominant = isAnd ? 0 : 1; // the value that decides the result whatever the others are
            int[] out = new int[n];
            java.util.Arrays.fill(out, 1 - dominant);
            boolean[] sawNull = new boolean[n];
            for (VectorExpression t : terms) {
                FlatVector v = Flat.of(t.evaluate(batch));
                int[] values = ((IntVector) v).values();
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        sawNull[i] = true;
                    } else if ((values[i] != 0 ? 1 : 0) == dominant) {
                        out[i] = dominant;
                    }
                }
            }
            long[] validity = null;
            for (int i = 0; i < n; i++) {
                if (sawNull[i] && out[i] != dominant) {
                    validity = Nulls.setNull(validity, i, n);
                }
            }
            return new IntVector(DataType.BOOLEAN, n, out, validity);
        }
    }

    record NotExpression(VectorExpression operand) implements VectorExpression {
        @Override
        public DataType type() {
            return DataType.BOOLEAN;
        }

        @Override
        public ColumnVector evaluate(Batch batch) {
            FlatVector v = Flat.of(operand.evaluate(batch));
            int n = batch.positionCount();
            int[] values = ((IntVector) v).values();
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                out[i] = values[i] != 0 ? 0 : 1;
            }
            return new IntVector(DataType.BOOLEAN, n, out, Nulls.copy(v.validity(), n));
        }
    }

    record IsNullExpression(VectorExpression operand, boolean negated) implements VectorExpression {
        @Override
        public DataType type() {
            return DataType.BOOLEAN;
        }

        @Override
        public ColumnVector evaluate(Batch batch) {
            ColumnVector v = operand.evaluate(batch);
            int n = batch.positionCount();
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                out[i] = v.isNull(i) != negated ? 1 : 0;
            }
            return new IntVector(DataType.BOOLEAN, n, out, null);
        }
    }

    static boolean isTrue(FlatVector v, int i) {
        return ((IntVector) v).getInt(i) != 0 && Validity.isValid(v.validity(), i);
    }
}
