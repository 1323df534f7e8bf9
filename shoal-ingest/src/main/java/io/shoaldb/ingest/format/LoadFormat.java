package io.shoaldb.ingest.format;

/** The {@code format} header values ShoalDB decodes (parquet, orc and arrow are recognised but not supported). */
public enum LoadFormat {
    CSV(0),
    CSV_WITH_NAMES(1),
    CSV_WITH_NAMES_AND_TYPES(2),
    JSON(0);

    private final int headerLines;

    LoadFormat(int headerLines) {
        this.headerLines = headerLines;
    }

    /** Header lines the CSV variants skip (they replace {@code skip_lines}, as in Doris). */
    public int headerLines() {
        return headerLines;
    }

    public boolean isCsv() {
        return this != JSON;
    }
}
