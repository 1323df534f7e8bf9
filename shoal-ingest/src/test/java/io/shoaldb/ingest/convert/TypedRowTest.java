package io.shoaldb.ingest.convert;

import static io.shoaldb.ingest.convert.TestSchemas.col;
import static io.shoaldb.ingest.convert.TestSchemas.rows;
import static io.shoaldb.ingest.convert.TestSchemas.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.vector.type.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RowBatchAssembler#appendTyped} must load, filter and explain every row exactly as
 * {@link RowBatchAssembler#appendObjects} does with the objects the row's fields stand for.
 */
class TypedRowTest {
    private static final LoadSchema SCHEMA = schema(
            col("id", DataType.BIGINT, false, null),
            col("small", DataType.TINYINT),
            col("name", DataType.varchar(5)),
            col("amount", DataType.decimal(5, 2)),
            col("wide", DataType.decimal(30, 4)),
            col("day", DataType.DATE),
            col("at", DataType.datetime(0)),
            col("flag", DataType.BOOLEAN),
            col("ratio", DataType.DOUBLE),
            col("big", DataType.LARGEINT),
            col("text", DataType.STRING),
            col("n", DataType.INT, false, 7L));

    /** A row of forms; {@link #object} is the object each stands for, made as a protocol would make it. */
    private record Row(Object[] forms) implements TypedRow {
        static Row of(Object... fields) {
            return new Row(fields);
        }

        @Override
        public int fieldCount() {
            return forms.length;
        }

        @Override
        public Form form(int field) {
            return switch (forms[field]) {
                case null -> Form.NULL;
                case Long ignored -> Form.LONG;
                case Text ignored -> Form.TEXT;
                case Decimal ignored -> Form.DECIMAL_TEXT;
                case Day ignored -> Form.EPOCH_DAY;
                default -> Form.OBJECT;
            };
        }

        @Override
        public long longValue(int field) {
            return forms[field] instanceof Day day ? day.days() : (Long) forms[field];
        }

        @Override
        public byte[] buffer(int field) {
            // the value inside a bigger buffer, as in a packet
            byte[] bytes = bytes(field);
            byte[] buffer = new byte[bytes.length + 6];
            System.arraycopy(bytes, 0, buffer, 3, bytes.length);
            return buffer;
        }

        private byte[] bytes(int field) {
            return forms[field] instanceof Text text ? text.bytes() : ((Decimal) forms[field]).text().getBytes(StandardCharsets.US_ASCII);
        }

        @Override
        public int offset(int field) {
            return 3;
        }

        @Override
        public int length(int field) {
            return bytes(field).length;
        }

        @Override
        public Object object(int field) {
            return switch (forms[field]) {
                case Text text -> text.object();
                case Decimal decimal -> new BigDecimal(decimal.text());
                case Day day -> LocalDate.ofEpochDay(day.days());
                case null, default -> forms[field];
            };
        }
    }

    private record Text(byte[] bytes) {
        static Text of(String s) {
            return new Text(s.getBytes(StandardCharsets.UTF_8));
        }

        /** A protocol's object for character data: the String, or the bytes when they are not UTF-8. */
        Object object() {
            String s = new String(bytes, StandardCharsets.UTF_8);
            return Arrays.equals(s.getBytes(StandardCharsets.UTF_8), bytes) ? s : bytes.clone();
        }
    }

    private record Decimal(String text) {
    }

    private record Day(long days) {
    }

    private static final List<Row> ROWS = List.of(
            Row.of(1L, 2L, Text.of("ab"), new Decimal("1.5"), new Decimal("-12.34567"), new Day(19000),
                    new Day(19001), 1L, 2L, 3L, Text.of("x"), 4L),
            Row.of(2L, null, null, null, null, null, null, null, null, null, null, 5L),
            Row.of(3L, 200L, Text.of("abcdef"), new Decimal("999.995"), new Decimal("0.00005"), new Day(-1),
                    Text.of("2024-01-02 03:04:05.1234567"), 5L, new BigDecimal("1.25"), Text.of("12"),
                    Text.of("日本"), 6L),
            Row.of(null, 1L, Text.of("a"), new Decimal("-0.001"), new Decimal("1"), Text.of("2024-02-30"),
                    LocalDate.of(2024, 2, 29), Text.of("true"), 1.5, 2L, new Text(new byte[] {(byte) 0xC3}), 8L),
            Row.of(4L, -128L, Text.of("é"), new Decimal("0"), new Decimal("123456789012345678901234567.89"),
                    new Day(0), new Day(2932896), 0L, Text.of("x"), Text.of("170141183460469231731687303715884105728"),
                    new Text(new byte[] {(byte) 0xFF}), null),
            Row.of(5L, Text.of("12"), Text.of("abcde"), new Decimal("1000"), new Decimal("-0"), new Day(19000),
                    new Decimal("3"), new Decimal("2"), new Decimal("2.5"), new Decimal("12"), new Decimal("1.50"), 9L),
            Row.of(6L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L));

    @Test
    void everyRowLoadsFiltersAndExplainsAsItsObjects() {
        for (boolean strict : List.of(true, false)) {
            RowBatchAssembler typed = new RowBatchAssembler(SCHEMA, ColumnMapping.identity(), ConversionPolicy.insert(strict));
            RowBatchAssembler objects = new RowBatchAssembler(SCHEMA, ColumnMapping.identity(), ConversionPolicy.insert(strict));
            for (Row row : ROWS) {
                Object[] values = new Object[row.fieldCount()];
                for (int f = 0; f < values.length; f++) {
                    values[f] = row.object(f);
                }
                assertThat(typed.appendTyped(row)).as("strict=%s %s", strict, Arrays.toString(values))
                        .isEqualTo(objects.appendObjects(values));
            }
            assertThat(rows(typed.flush())).as("strict=%s", strict).isEqualTo(rows(objects.flush()));
            assertThat(typed.counters()).isEqualTo(objects.counters());
            assertThat(typed.rejectedRows()).isEqualTo(objects.rejectedRows());
            assertThat(typed.counters().filtered()).as("strict=%s: some rows are filtered", strict).isPositive();
        }
    }

    @Test
    void columnsNoFieldFeedsTakeTheirDefaultOrFilter() {
        LoadSchema schema = schema(col("id", DataType.INT, false, null), col("d", DataType.INT, false, 5L),
                col("need", DataType.INT, false, null));
        RowBatchAssembler typed = new RowBatchAssembler(schema, ColumnMapping.of(List.of("id")), ConversionPolicy.insert(true));
        assertThat(typed.appendTyped(Row.of(1L))).isFalse();
        assertThat(typed.firstErrorMessage()).isEqualTo(Reasons.noDefault("need"));
        RowBatchAssembler ok = new RowBatchAssembler(schema, ColumnMapping.of(List.of("need", "id")), ConversionPolicy.insert(true));
        assertThat(ok.appendTyped(Row.of(3L, 1L))).isTrue();
        assertThat(rows(ok.flush())).containsExactly(List.of(1L, 5L, 3L));
    }

    /** Decimal columns read a plain decimal's text; it must mean what its BigDecimal means, rounding and all. */
    @Test
    void plainDecimalTextConvertsAsItsBigDecimal() {
        Random random = new Random(13);
        for (DataType type : List.of(DataType.decimal(5, 2), DataType.decimal(15, 2), DataType.decimal(18, 0),
                DataType.decimal(18, 9), DataType.decimal(38, 10), DataType.decimal(27, 9))) {
            ValueConverter converter = ValueConverter.forType(type, ConversionPolicy.insert(true));
            List<String> texts = new ArrayList<>(List.of("0", "-0", "0.005", "-0.005", "0.0049", "999.995", "999.994",
                    "99999999999999999999999999999999999999", "1", "00012.5000", "-1.5", "123456789012345678.5"));
            for (int i = 0; i < 2000; i++) {
                BigDecimal value = new BigDecimal(random.nextLong()).movePointLeft(random.nextInt(25))
                        .setScale(random.nextInt(12), RoundingMode.DOWN);
                texts.add(value.toPlainString());
            }
            for (String text : texts) {
                byte[] bytes = (" " + text).getBytes(StandardCharsets.US_ASCII);
                ValueSlot fromText = new ValueSlot();
                ValueSlot fromObject = new ValueSlot();
                boolean textOk = converter.parseDecimalText(bytes, 1, bytes.length - 1, fromText);
                boolean objectOk = converter.parseObject(new BigDecimal(text), fromObject);
                assertThat(textOk).as("%s %s", type, text).isEqualTo(objectOk);
                if (textOk) {
                    assertThat(new long[] {fromText.highValue, fromText.longValue}).as("%s %s", type, text)
                            .isEqualTo(new long[] {fromObject.highValue, fromObject.longValue});
                }
            }
        }
    }
}
