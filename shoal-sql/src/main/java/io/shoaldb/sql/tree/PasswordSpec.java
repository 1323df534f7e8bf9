package io.shoaldb.sql.tree;

/**
 * A password as an account statement gives it: {@code IDENTIFIED BY 'clear'} / {@code PASSWORD('clear')}, or
 * the stored hash ({@code IDENTIFIED BY PASSWORD '*...'}, {@code SET PASSWORD = '*...'}).
 */
public record PasswordSpec(String text, boolean hashed) {
    @Override
    public String toString() {
        return hashed ? "PASSWORD '<hash>'" : "'<secret>'"; // never the password itself, even in logs
    }
}
