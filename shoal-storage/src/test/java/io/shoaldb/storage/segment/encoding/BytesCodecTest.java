package io.shoaldb.storage.segment.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BytesCodecTest {
    @Test
    void aDictionaryHoldsEachValueOnceInFirstSeenOrderAndRoundTrips() {
        long seed = System.nanoTime();
        Random rnd = new Random(seed);
        List<String> pool = new ArrayList<>();
        pool.add("");
        pool.add("a");
        pool.add("a\0"); // differs from "a" only by a trailing zero byte
        for (int i = 0; i < 200; i++) {
            pool.add("value-" + i + "x".repeat(rnd.nextInt(30)));
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            values.add(pool.get(rnd.nextInt(pool.size())));
        }
        Page page = Page.of(values);

        BytesCodec.Dictionary dict = BytesCodec.dictionary(page.data, page.offsets, values.size(), 4096);

        List<String> firstSeen = values.stream().distinct().toList();
        assertThat(dict.entries()).as("seed %d", seed).isEqualTo(firstSeen.size());
        for (int e = 0; e < dict.entries(); e++) {
            assertThat(entry(dict, e)).as("seed %d entry %d", seed, e).isEqualTo(firstSeen.get(e));
        }
        for (int i = 0; i < values.size(); i++) {
            assertThat(entry(dict, (int) dict.ids()[i])).as("seed %d value %d", seed, i).isEqualTo(values.get(i));
        }
        ByteSink out = new ByteSink(64);
        BytesCodec.encodeDictionary(dict, out);
        int[] ids = new int[values.size()];
        BytesCodec.Strings decoded = BytesCodec.decodeDictionary(new ByteSource(out.toByteArray()), values.size(), ids);
        for (int i = 0; i < values.size(); i++) {
            assertThat(ids[i]).isEqualTo((int) dict.ids()[i]);
        }
        for (int e = 0; e < dict.entries(); e++) {
            int from = decoded.offsets()[e];
            assertThat(new String(decoded.data(), from, decoded.offsets()[e + 1] - from, StandardCharsets.UTF_8))
                    .isEqualTo(firstSeen.get(e));
        }
    }

    @Test
    void moreDistinctValuesThanAllowedGiveNoDictionary() {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            values.add("comment " + i);
        }
        Page page = Page.of(values);
        assertThat(BytesCodec.dictionary(page.data, page.offsets, 100, 99)).isNull();
        assertThat(BytesCodec.dictionary(page.data, page.offsets, 100, 100).entries()).isEqualTo(100);
        assertThat(BytesCodec.dictionary(page.data, page.offsets, 0, 100).entries()).isZero();
    }

    @Test
    void aLargePageWhoseFirstEighthIsNearlyAllDistinctIsJudgedThere() {
        List<String> distinctHead = new ArrayList<>();
        for (int i = 0; i < 2048; i++) {
            distinctHead.add(i < 256 ? "comment " + i : "repeated " + i % 10); // 266 distinct in all
        }
        Page page = Page.of(distinctHead);
        // at 256 values all distinct: 2048 rows at that rate pass 1024 entries, so it gives up there
        assertThat(BytesCodec.dictionary(page.data, page.offsets, 2048, 1024)).isNull();
        // a limit the rate would not pass, or a head with repeats, is tried whole
        assertThat(BytesCodec.dictionary(page.data, page.offsets, 2048, 4096).entries()).isEqualTo(266);
        distinctHead.set(3, "comment 1");
        distinctHead.set(5, "comment 2");
        for (int i = 7; i < 40; i++) {
            distinctHead.set(i, "comment 1");
        }
        Page repeats = Page.of(distinctHead);
        assertThat(BytesCodec.dictionary(repeats.data, repeats.offsets, 2048, 1024).entries()).isEqualTo(231);
    }

    private static String entry(BytesCodec.Dictionary dict, int e) {
        int from = dict.offsets()[e];
        return new String(dict.data(), from, dict.offsets()[e + 1] - from, StandardCharsets.UTF_8);
    }

    private record Page(byte[] data, int[] offsets) {
        static Page of(List<String> values) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            int[] offsets = new int[values.size() + 1];
            for (int i = 0; i < values.size(); i++) {
                bytes.writeBytes(values.get(i).getBytes(StandardCharsets.UTF_8));
                offsets[i + 1] = bytes.size();
            }
            return new Page(bytes.toByteArray(), offsets);
        }
    }
}
