package io.shoaldb.testing.streamload;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.catalog.model.ColumnDefinition;
import io.shoaldb.vector.type.DataType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JSON bodies: one document per line, outer arrays, jsonpaths, json_root, and a JSON column. */
class JsonLoadTest {
    @TempDir
    Path dir;
    LoadStack stack;

    @BeforeEach
    void start() {
        stack = new LoadStack(dir);
        stack.createTable("j", List.of(new ColumnDefinition("id", DataType.INT, false, null, null, null),
                new ColumnDefinition("name", DataType.varchar(20), true, null, null, null), new ColumnDefinition("doc", DataType.JSON, true, null, null, null)),
                Map.of());
    }

    @AfterEach
    void stop() throws IOException {
        stack.close();
    }

    private Map<String, Object> load(String body, String... headers) {
        return Clients.load(stack.url("j"), body, headers);
    }

    @Test
    void layouts() {
        assertThat(load("{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n", "format:json"))
                .containsEntry("NumberLoadedRows", 2L);
        assertThat(load("{\"id\":3,\"name\":\"c\"}\n{\"id\":4}\n", "format:json", "read_json_by_line:true",
                "group_commit:sync_mode")).containsEntry("NumberLoadedRows", 2L).containsEntry("GroupCommit", true);
        assertThat(load("[{\"id\":5,\"name\":\"e\"},{\"id\":6,\"name\":\"f\"}]", "format:json",
                "strip_outer_array:true")).containsEntry("NumberLoadedRows", 2L);
        assertThat(load("{\"data\":{\"k\":7,\"n\":\"g\"}}", "format:json", "read_json_by_line:false",
                "json_root:$.data", "jsonpaths:[\"$.k\",\"$.n\"]", "columns:id,name"))
                .containsEntry("NumberLoadedRows", 1L);
        assertThat(stack.rows("j")).isEqualTo(7);
    }

    @Test
    void jsonColumnTakesWholeDocuments() {
        Map<String, Object> reply = load("{\"id\":1,\"doc\":{\"a\":[1,2,{\"b\":null}],\"c\":\"x\"}}\n"
                + "{\"id\":2,\"doc\":[true,false]}\n", "format:json", "group_commit:async_mode");
        assertThat(reply).containsEntry("Status", "Success").containsEntry("NumberLoadedRows", 2L);
        stack.awaitVisible("j");
        assertThat(stack.rows("j")).isEqualTo(2);
    }

    @Test
    void jsonpathsCountMustMatchTheColumns() {
        assertThat(load("{\"id\":1}", "format:json", "jsonpaths:[\"$.id\"]", "columns:id,name"))
                .containsEntry("Status", "Fail");
        assertThat((String) load("{\"id\":1}", "format:json", "jsonpaths:not-a-list").get("Message"))
                .contains("Invalid jsonpaths");
    }
}
