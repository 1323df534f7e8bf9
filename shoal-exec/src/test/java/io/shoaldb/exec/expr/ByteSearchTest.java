package io.shoaldb.exec.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The eight-at-a-time search finds the same first position as a plain search, at every alignment and range end: texts
 * over a three-letter alphabet (so first and last bytes repeat and candidates are often false), literals of 1 to 12
 * bytes, bytes above 0x7F and zero bytes (the marks' borrow case), and ranges shorter than a word.
 */
class ByteSearchTest {
    @Test
    void findsTheFirstOccurrenceAsAPlainSearchDoes() {
        Random random = new Random(42);
        byte[] alphabet = {'a', 'b', 0, (byte) 0xC3, 1};
        for (int round = 0; round < 20_000; round++) {
            byte[] data = new byte[random.nextInt(40)];
            int letters = 2 + random.nextInt(alphabet.length - 1);
            for (int i = 0; i < data.length; i++) {
                data[i] = alphabet[random.nextInt(letters)];
            }
            byte[] literal = new byte[1 + random.nextInt(12)];
            for (int i = 0; i < literal.length; i++) {
                literal[i] = alphabet[random.nextInt(letters)];
            }
            int from = data.length == 0 ? 0 : random.nextInt(data.length + 1);
            int to = from + random.nextInt(data.length - from + 1);
            assertThat(ByteSearch.indexOf(literal, data, from, to)).as("round %d", round)
                    .isEqualTo(plainIndexOf(literal, data, from, to));
        }
    }

    @Test
    void findsAWordInALongText() {
        byte[] text = "carefully final deposits detect slyly. special requests sleep furiously"
                .getBytes(StandardCharsets.UTF_8);
        byte[] special = "special".getBytes(StandardCharsets.UTF_8);
        assertThat(ByteSearch.indexOf(special, text, 0, text.length)).isEqualTo(39);
        assertThat(ByteSearch.indexOf(special, text, 40, text.length)).isEqualTo(-1);
        assertThat(ByteSearch.indexOf(special, text, 0, 45)).isEqualTo(-1);
        assertThat(ByteSearch.indexOf(new byte[0], text, 5, 5)).isEqualTo(5);
    }

    private static int plainIndexOf(byte[] literal, byte[] data, int from, int to) {
        outer:
        for (int i = from; i + literal.length <= to; i++) {
            for (int j = 0; j < literal.length; j++) {
                if (data[i + j] != literal[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
