package io.shoaldb.catalog.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * MySQL's {@code mysql_native_password} stored form, {@code "*" + HEX(SHA1(SHA1(password)))}, which is also
 * what Doris keeps and what {@code SET PASSWORD = '*...'} / {@code IDENTIFIED BY PASSWORD '*...'} accept. It
 * is enough to check both a scrambled login response and a clear password.
 */
public final class NativePassword {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    private NativePassword() {
    }

    /** The stored form of a clear password; empty for an empty password. */
    public static String hash(String clear) {
        if (clear.isEmpty()) {
            return "";
        }
        return "*" + HEX.formatHex(sha1(sha1(clear.getBytes(StandardCharsets.UTF_8))));
    }

    /** Whether {@code text} is a stored form: empty, or {@code *} and 40 hex digits. */
    public static boolean isStoredForm(String text) {
        if (text.isEmpty()) {
            return true;
        }
        if (text.length() != 41 || text.charAt(0) != '*') {
            return false;
        }
        for (int i = 1; i < text.length(); i++) {
            if (Character.digit(text.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The stored form in upper case (a hash given in lower case is the same hash). */
    public static String normalise(String stored) {
        return stored.toUpperCase(Locale.ROOT);
    }

    /** Checks a clear password against a stored form. */
    public static boolean verifyClear(String stored, String clear) {
        if (clear == null) {
            return false;
        }
        return MessageDigest.isEqual(hash(clear).getBytes(StandardCharsets.US_ASCII),
                stored.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Checks a login response {@code SHA1(pw) XOR SHA1(scramble + SHA1(SHA1(pw)))}; an empty response matches an
     * empty password only.
     */
    public static boolean verifyScramble(String stored, byte[] scramble, byte[] response) {
        if (response == null || response.length == 0) {
            return stored.isEmpty();
        }
        if (stored.isEmpty() || response.length != 20) {
            return false;
        }
        byte[] doubleHashed = HEX.parseHex(stored.substring(1));
        byte[] mask = sha1(concat(scramble, doubleHashed));
        byte[] candidate = new byte[20];
        for (int i = 0; i < 20; i++) {
            candidate[i] = (byte) (response[i] ^ mask[i]);
        }
        return MessageDigest.isEqual(sha1(candidate), doubleHashed);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] joined = new byte[a.length + b.length];
        System.arraycopy(a, 0, joined, 0, a.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }

    private static byte[] sha1(byte[] input) {
        try {
            return MessageDigest.getInstance("SHA-1").digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }
}
