package io.shoaldb.ingest.groupcommit.wal;

import io.shoaldb.common.error.ErrorCode;
import io.shoaldb.vector.Batch;
import io.shoaldb.vector.BytesVector;
import io.shoaldb.vector.ColumnVector;
import io.shoaldb.vector.DoubleVector;
import io.shoaldb.vector.FlatVector;
import io.shoaldb.vector.FloatVector;
import io.shoaldb.vector.Int128Vector;
import io.shoaldb.vector.IntVector;
import io.shoaldb.vector.LongVector;
import io.shoaldb.vector.Validity;
import io.shoaldb.vector.type.DataType;
import io.shoaldb.vector.type.TypeId;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A compact, self-describing binary form of a {@link Batch} for the WAL. Little-endian:
 * <pre>
 *   u8  codec version (1)
 *   i32 row count, u16 column count
 *   per column: type (u8 type code, u16 length, u8 precision, u8 scale),
 *               u8 has-nulls, [validity words as i64 x ceil(rows/64)],
 *               values: INT32 i32 x n | INT64 i64 x n | FLOAT32 raw i32 bits x n | FLOAT64 raw i64 bits x n
 *                       | INT128 high i64 x n then low i64 x n | BYTES i32 lengths x n then the bytes
 * </pre>
 * The batch is compacted first (selection, dictionary and constant vectors become flat), so the decoded batch
 * has the same values in the same order; floats keep their exact bits (NaN payloads, -0.0). Type codes are
 * spelled out rather than taken from enum ordinals so that reordering {@link TypeId} cannot change old WALs.
 */
public final class BatchCodec {
    static final byte VERSION = 1;

    private BatchCodec() {
    }

    /** Bytes {@link #encode} will write for the batch (exact for a compacted batch). */
    public static int encodedSize(Batch compacted) {
        long size = 1 + 4 + 2;
        int n = compacted.rowCount();
        for (int c = 0; c < compacted.columnCount(); c++) {
            FlatVector v = (FlatVector) compacted.column(c);
            size += 5 + 1 + (v.mayHaveNulls() ? 8L * Validity.wordsFor(n) : 0);
            size += switch (v) {
                case BytesVector b -> 4L * n + (b.offset(n) - b.offset(0));
                case Int128Vector x -> 16L * n;
                default -> (long) v.physicalType().fixedWidth() * n;
            };
        }
        if (size > Integer.MAX_VALUE - 64) {
            throw ErrorCode.INVALID_VALUE.exception("a load batch of " + size + " bytes is too large for one WAL record");
        }
        return (int) size;
    }

    /** Encodes into a new little-endian buffer, flipped for reading. */
    public static ByteBuffer encode(Batch batch) {
        Batch b = batch.compact();
        ByteBuffer out = ByteBuffer.allocate(encodedSize(b)).order(ByteOrder.LITTLE_ENDIAN);
        encodeTo(b, out);
        return out.flip();
    }

    /** Appends a compacted batch to {@code out} (which must be little-endian and large enough). */
    public static void encodeTo(Batch compacted, ByteBuffer out) {
        int n = compacted.rowCount();
        out.put(VERSION).putInt(n).putShort((short) compacted.columnCount());
        for (int c = 0; c < compacted.columnCount(); c++) {
            FlatVector v = (FlatVector) compacted.column(c);
            writeType(out, v.type());
            long[] validity = v.validity();
            out.put((byte) (validity == null ? 0 : 1));
            if (validity != null) {
                for (int w = 0; w < Validity.wordsFor(n); w++) {
                    out.putLong(validity[w]);
                }
            }
            switch (v) {
                case IntVector x -> {
                    for (int i = 0; i < n; i++) {
                        out.putInt(x.getInt(i));
                    }
                }
                case LongVector x -> {
                    for (int i = 0; i < n; i++) {
                        out.putLong(x.getLong(i));
                    }
                }
                case FloatVector x -> {
                    for (int i = 0; i < n; i++) {
                        out.putInt(Float.floatToRawIntBits(x.getFloat(i)));
                    }
                }
                case DoubleVector x -> {
                    for (int i = 0; i < n; i++) {
                        out.putLong(Double.doubleToRawLongBits(x.getDouble(i)));
                    }
                }
                case Int128Vector x -> {
                    for (int i = 0; i < n; i++) {
                        out.putLong(x.getHigh(i));
                    }
                    for (int i = 0; i < n; i++) {
                        out.putLong(x.getLow(i));
                    }
                }
                case BytesVector x -> {
                    for (int i = 0; i < n; i++) {
                        out.putInt(x.length(i));
                    }
                    out.put(x.data(), x.offset(0), x.offset(n) - x.offset(0));
                }
            }
        }
    }

    /** Decodes one batch; throws CORRUPT_FILE (naming {@code source}) when the bytes do not form one. */
    public static Batch decode(ByteBuffer in, String source) {
        ByteBuffer b = in.slice().order(ByteOrder.LITTLE_ENDIAN);
        try {
            byte version = b.get();
            if (version != VERSION) {
                throw ErrorCode.CORRUPT_FILE.exception(source, "unknown batch codec version " + version);
            }
            int n = b.getInt();
            int columns = Short.toUnsignedInt(b.getShort());
            if (n < 0) {
                throw ErrorCode.CORRUPT_FILE.exception(source, "negative row count " + n);
            }
            ColumnVector[] vectors = new ColumnVector[columns];
            for (int c = 0; c < columns; c++) {
                vectors[c] = readColumn(b, n, source);
            }
            in.position(in.position() + b.position());
            return new Batch(n, vectors);
        } catch (BufferUnderflowException | IllegalArgumentException | IndexOutOfBoundsException e) {
            throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, source, "batch does not decode: " + e);
        }
    }

    private static FlatVector readColumn(ByteBuffer b, int n, String source) {
        DataType type = readType(b, source);
        long[] validity = null;
        if (b.get() != 0) {
            validity = new long[Validity.wordsFor(n)];
            for (int w = 0; w < validity.length; w++) {
                validity[w] = b.getLong();
            }
        }
        return switch (io.shoaldb.vector.PhysicalType.of(type)) {
            case INT32 -> {
                int[] values = new int[n];
                b.asIntBuffer().get(values);
                b.position(b.position() + 4 * n);
                yield new IntVector(type, n, values, validity);
            }
            case INT64 -> {
                long[] values = new long[n];
                b.asLongBuffer().get(values);
                b.position(b.position() + 8 * n);
                yield new LongVector(type, n, values, validity);
            }
            case FLOAT32 -> {
                float[] values = new float[n];
                for (int i = 0; i < n; i++) {
                    values[i] = Float.intBitsToFloat(b.getInt());
                }
                yield new FloatVector(type, n, values, validity);
            }
            case FLOAT64 -> {
                double[] values = new double[n];
                for (int i = 0; i < n; i++) {
                    values[i] = Double.longBitsToDouble(b.getLong());
                }
                yield new DoubleVector(type, n, values, validity);
            }
            case INT128 -> {
                long[] high = new long[n];
                long[] low = new long[n];
                b.asLongBuffer().get(high);
                b.position(b.position() + 8 * n);
                b.asLongBuffer().get(low);
                b.position(b.position() + 8 * n);
                yield new Int128Vector(type, n, high, low, validity);
            }
            case BYTES -> {
                int[] offsets = new int[n + 1];
                for (int i = 0; i < n; i++) {
                    int len = b.getInt();
                    if (len < 0) {
                        throw ErrorCode.CORRUPT_FILE.exception(source, "negative value length");
                    }
                    offsets[i + 1] = Math.addExact(offsets[i], len);
                }
                byte[] data = new byte[offsets[n]];
                b.get(data);
                yield new BytesVector(type, n, data, offsets, validity);
            }
        };
    }

    /** 5 bytes: type code, u16 length, u8 precision, u8 scale. */
    public static void writeType(ByteBuffer out, DataType type) {
        out.put(code(type.id())).putShort((short) type.length()).put((byte) type.precision()).put((byte) type.scale());
    }

    public static DataType readType(ByteBuffer in, String source) {
        byte code = in.get();
        int length = Short.toUnsignedInt(in.getShort());
        int precision = Byte.toUnsignedInt(in.get());
        int scale = Byte.toUnsignedInt(in.get());
        TypeId id = switch (code) {
            case 1 -> TypeId.BOOLEAN;
            case 2 -> TypeId.TINYINT;
            case 3 -> TypeId.SMALLINT;
            case 4 -> TypeId.INT;
            case 5 -> TypeId.BIGINT;
            case 6 -> TypeId.LARGEINT;
            case 7 -> TypeId.FLOAT;
            case 8 -> TypeId.DOUBLE;
            case 9 -> TypeId.DECIMAL;
            case 10 -> TypeId.DATE;
            case 11 -> TypeId.DATETIME;
            case 12 -> TypeId.CHAR;
            case 13 -> TypeId.VARCHAR;
            case 14 -> TypeId.STRING;
            case 15 -> TypeId.JSON;
            default -> throw ErrorCode.CORRUPT_FILE.exception(source, "unknown type code " + code);
        };
        try {
            return new DataType(id, length, precision, scale);
        } catch (RuntimeException e) {
            throw ErrorCode.CORRUPT_FILE.exceptionWithCause(e, source, "bad type: " + e.getMessage());
        }
    }

    private static byte code(TypeId id) {
        return switch (id) {
            case BOOLEAN -> 1;
            case TINYINT -> 2;
            case SMALLINT -> 3;
            case INT -> 4;
            case BIGINT -> 5;
            case LARGEINT -> 6;
            case FLOAT -> 7;
            case DOUBLE -> 8;
            case DECIMAL -> 9;
            case DATE -> 10;
            case DATETIME -> 11;
            case CHAR -> 12;
            case VARCHAR -> 13;
            case STRING -> 14;
            case JSON -> 15;
        };
    }
}
