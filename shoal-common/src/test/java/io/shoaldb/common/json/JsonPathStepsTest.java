package io.shoaldb.common.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JsonPathStepsTest {
    @Test
    void stepsKeysIndexesAndQuotedKeys() {
        assertThat(JsonPathSteps.parse("$")).isEqualTo(new JsonPathSteps.Steps(List.of()));
        assertThat(JsonPathSteps.parse(" $.a.b[2]['c.d'].\"e.f\" "))
                .isEqualTo(new JsonPathSteps.Steps(List.of("a", "b", 2, "c.d", "e.f")));
    }

    @Test
    void wildcardsAreUnsupportedAndTheRestInvalid() {
        assertThat(JsonPathSteps.parse("$.*")).isInstanceOf(JsonPathSteps.Unsupported.class);
        assertThat(JsonPathSteps.parse("$[*]")).isInstanceOf(JsonPathSteps.Unsupported.class);
        assertThat(JsonPathSteps.parse("$[last]")).isInstanceOf(JsonPathSteps.Unsupported.class);
        for (String bad : List.of("a.b", "$.", "$[", "$[x]", "$[99999999999]", "$..a", "$x")) {
            assertThat(JsonPathSteps.parse(bad)).as(bad).isEqualTo(new JsonPathSteps.Invalid());
        }
    }
}
