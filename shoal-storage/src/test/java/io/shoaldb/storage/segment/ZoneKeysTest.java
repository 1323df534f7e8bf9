package io.shoaldb.storage.segment;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.BytesVectorBuilder;
import io.shoaldb.vector.VectorBuilder;
import io.shoaldb.vector.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ZoneKeysTest {
    @Test
    void stringBoundsAreTheSmallestAndLargestValuesInUnsignedByteOrder() {
        long seed = System.nanoTime();
        Random rnd = new Random(seed);
        byte[] alphabet = {0, 1, 'a', 'b', (byte) 0x7F, (byte) 0x80, (byte) 0xFF};
        for (int trial = 0; trial < 300; trial++) {
            BytesVectorBuilder builder = (BytesVectorBuilder) VectorBuilder.create(DataType.STRING, 64);
            List<byte[]> values = new ArrayList<>();
            byte[] common = new byte[rnd.nextInt(12)]; // shared prefixes make the first eight bytes tie
            Arrays.fill(common, (byte) 'p');
            for (int i = 1 + rnd.nextInt(40); i > 0; i--) {
                if (rnd.nextInt(8) == 0) {
                    builder.appendNull();
                    continue;
                }
                byte[] v = Arrays.copyOf(common, common.length + rnd.nextInt(12));
                for (int k = common.length; k < v.length; k++) {
                    v[k] = alphabet[rnd.nextInt(alphabet.length)];
                }
                values.add(v);
                builder.appendBytes(v, 0, v.length);
            }
            ZoneMap zone = ZoneKeys.of(builder.build());
            if (values.isEmpty()) {
                continue;
            }
            byte[] min = values.stream().min(Arrays::compareUnsigned).orElseThrow();
            byte[] max = values.stream().max(Arrays::compareUnsigned).orElseThrow();
            assertThat(zone.min()).as("seed %d trial %d", seed, trial).isEqualTo(min);
            assertThat(zone.max()).as("seed %d trial %d", seed, trial).isEqualTo(max);
        }
    }
}
