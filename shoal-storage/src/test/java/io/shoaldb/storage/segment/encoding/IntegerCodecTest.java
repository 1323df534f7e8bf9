package io.shoaldb.storage.segment.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class IntegerCodecTest {
    @ParameterizedTest
    @EnumSource(value = Encoding.class, names = {"PLAIN", "RUN_LENGTH", "BIT_PACKED", "DELTA"})
    void roundTripsExtremesAndRandomValues(Encoding encoding) {
        long seed = System.nanoTime();
        System.out.println("IntegerCodecTest seed " + seed);
        Random rnd = new Random(seed);
        long[][] cases = {
            {}, {0}, {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, Long.MIN_VALUE}, {5, 5, 5, 5},
            rnd.longs(1000).toArray(), rnd.longs(777, -3, 3).toArray(), sorted(rnd, 1000),
        };
        for (long[] values : cases) {
            ByteSink out = new ByteSink(16);
            IntegerCodec.encode(encoding, values, values.length, 8, out);
            long[] decoded = new long[values.length];
            ByteSource in = new ByteSource(out.toByteArray());
            IntegerCodec.decode(encoding, in, values.length, 8, decoded);
            assertThat(in.remaining()).isZero();
            assertThat(decoded).as("seed %d %s", seed, encoding).containsExactly(values);
        }
    }

    @Test
    void theEstimateChoosesAsIfEveryRunLengthSizeWereExact() {
        Random rnd = new Random(3);
        for (int trial = 0; trial < 2000; trial++) {
            int n = 1 + rnd.nextInt(300);
            int maxRun = 1 + rnd.nextInt(trial % 4 == 0 ? 200 : 4);
            long spread = 1L << rnd.nextInt(63);
            long[] values = new long[n];
            for (int i = 0; i < n; ) {
                long v = rnd.nextLong(spread) - (trial % 3 == 0 ? spread / 2 : 0);
                for (int run = 1 + rnd.nextInt(maxRun); run > 0 && i < n; run--) {
                    values[i++] = v;
                }
            }
            IntegerCodec.Estimate e = IntegerCodec.estimate(values, n, 8);
            long exactRuns = exactRunLengthBytes(values);
            IntegerCodec.Estimate exact = new IntegerCodec.Estimate(e.plain(), exactRuns, e.bitPacked(), e.delta());
            assertThat(e.smallest()).as("trial %d", trial).isEqualTo(exact.smallest());
            assertThat(e.runLength()).isLessThanOrEqualTo(exactRuns);
            if (exact.smallest() == Encoding.RUN_LENGTH) {
                assertThat(e.runLength()).isEqualTo(exactRuns);
            }
        }
    }

    /** What RUN_LENGTH takes: a zig-zag value and a length per run, and at most 5 bytes for the run count. */
    private static long exactRunLengthBytes(long[] values) {
        long bytes = 5;
        for (int start = 0, i = 1; i <= values.length; i++) {
            if (i == values.length || values[i] != values[start]) {
                bytes += ByteSink.zigZagSize(values[start]) + ByteSink.varLongSize(i - start);
                start = i;
            }
        }
        return bytes;
    }

    @Test
    void bitPackingEveryWidth() {
        Random rnd = new Random(1);
        for (int width = 0; width <= 64; width++) {
            long[] values = new long[67];
            long mask = width == 64 ? -1L : (1L << width) - 1;
            for (int i = 0; i < values.length; i++) {
                values[i] = 1000 + (rnd.nextLong() & mask);
            }
            ByteSink out = new ByteSink(8);
            BitPacking.pack(out, values, 0, values.length, 1000, width);
            assertThat((long) out.size()).isEqualTo(BitPacking.packedBytes(values.length, width));
            long[] back = new long[values.length];
            BitPacking.unpack(new ByteSource(out.toByteArray()), values.length, 1000, width, back);
            assertThat(back).as("width %d", width).containsExactly(values);
        }
    }

    @Test
    void unpackReadsInPlaceWhetherOrNotBytesFollowThePayload() {
        Random rnd = new Random(3);
        for (int width = 0; width <= 64; width++) {
            for (int n : new int[] {0, 1, 7, 8, 9, 63, 64, 65, 1000}) {
                long mask = width == 64 ? -1L : (1L << width) - 1;
                long[] values = new long[n];
                for (int i = 0; i < n; i++) {
                    values[i] = -77 + (rnd.nextLong() & mask);
                }
                ByteSink out = new ByteSink(8);
                out.writeByte(0x5A); // the payload does not start the array
                BitPacking.pack(out, values, 0, n, -77, width);
                byte[] exact = out.toByteArray();
                for (byte[] buf : new byte[][] {exact, Arrays.copyOf(exact, exact.length + 11)}) {
                    long[] back = new long[n + 2];
                    ByteSource in = new ByteSource(buf, 1, exact.length - 1);
                    BitPacking.unpack(in, n, -77, width, back, 2);
                    assertThat(in.remaining()).isZero();
                    assertThat(Arrays.copyOfRange(back, 2, n + 2)).as("width %d n %d", width, n).containsExactly(values);
                    if (width < 32) {
                        int[] ints = new int[n];
                        BitPacking.unpackInts(new ByteSource(buf, 1, exact.length - 1), n, -77, width, ints);
                        assertThat(Arrays.stream(ints).asLongStream().toArray()).as("ints width %d n %d", width, n)
                                .containsExactly(values);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Encoding.class, names = {"PLAIN", "RUN_LENGTH", "BIT_PACKED", "DELTA"})
    void decodesThirtyTwoBitValuesStraightIntoInts(Encoding encoding) {
        Random rnd = new Random(4);
        long[][] cases = {
            {}, {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1}, rnd.ints(1000).asLongStream().toArray(),
            rnd.ints(5000, 8000, 12000).asLongStream().toArray(), sorted(rnd, 1000),
        };
        for (long[] values : cases) {
            ByteSink out = new ByteSink(16);
            IntegerCodec.encode(encoding, values, values.length, 4, out);
            int[] decoded = new int[values.length];
            ByteSource in = new ByteSource(out.toByteArray());
            IntegerCodec.decodeInts(encoding, in, values.length, decoded);
            assertThat(in.remaining()).isZero();
            assertThat(Arrays.stream(decoded).asLongStream().toArray()).as(encoding.name()).containsExactly(values);
        }
    }

    @Test
    void aThirtyTwoBitPageHoldingAWiderValueIsAFormatException() {
        long[] values = {0, 1L << 40};
        ByteSink out = new ByteSink(16);
        IntegerCodec.encode(Encoding.BIT_PACKED, values, 2, 8, out);
        assertThatThrownBy(() -> IntegerCodec.decodeInts(Encoding.BIT_PACKED, new ByteSource(out.toByteArray()), 2,
                new int[2])).isInstanceOf(FormatException.class);
    }

    @Test
    void truncatedPayloadIsAFormatException() {
        long[] values = new Random(2).longs(100).toArray();
        for (Encoding e : new Encoding[] {Encoding.PLAIN, Encoding.RUN_LENGTH, Encoding.BIT_PACKED, Encoding.DELTA}) {
            ByteSink out = new ByteSink(16);
            IntegerCodec.encode(e, values, values.length, 8, out);
            byte[] cut = Arrays.copyOf(out.toByteArray(), out.size() - 1);
            assertThatThrownBy(() -> IntegerCodec.decode(e, new ByteSource(cut), 100, 8, new long[100]))
                    .isInstanceOf(FormatException.class);
        }
    }

    private static long[] sorted(Random rnd, int n) {
        long[] v = new long[n];
        for (int i = 1; i < n; i++) {
            v[i] = v[i - 1] + rnd.nextInt(10);
        }
        return v;
    }
}
