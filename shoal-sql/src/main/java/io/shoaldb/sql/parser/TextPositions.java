package io.shoaldb.sql.parser;

/**
 * Line/column arithmetic matching JavaCC's SimpleCharStream with Calcite's tab size of 1: lines end
 * at \n, \r\n or a lone \r; columns count characters from 1.
 */
final class TextPositions {
    private TextPositions() {
    }

    /** Offset of 1-based (line, column); clamped to the text. */
    static int offset(String text, int line, int column) {
        int i = 0;
        int n = text.length();
        for (int l = 1; l < line && i < n; ) {
            char c = text.charAt(i++);
            if (c == '\n' || (c == '\r' && (i >= n || text.charAt(i) != '\n'))) {
                l++;
            }
        }
        return Math.min(n, i + Math.max(column, 1) - 1);
    }

    /** 1-based {line, column} of an offset. */
    static int[] lineColumn(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }
}
