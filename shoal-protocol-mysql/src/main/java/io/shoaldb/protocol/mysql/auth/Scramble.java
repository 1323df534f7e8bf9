package io.shoaldb.protocol.mysql.auth;

import java.security.SecureRandom;

/**
 * The 20-byte nonce of the native password challenge. Bytes are printable ASCII without '$', as MySQL's own, so
 * that clients which treat the greeting's scramble as a NUL-terminated string never cut it short.
 */
public final class Scramble {
    public static final int LENGTH = 20;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Scramble() {
    }

    public static byte[] next() {
        byte[] scramble = new byte[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            int b;
            do {
                b = 0x21 + RANDOM.nextInt(0x7F - 0x21);
            } while (b == '$');
            scramble[i] = (byte) b;
        }
        return scramble;
    }
}
