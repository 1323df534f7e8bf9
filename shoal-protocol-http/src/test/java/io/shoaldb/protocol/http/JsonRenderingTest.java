package io.shoaldb.protocol.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.shoaldb.api.StreamLoadResult;
import io.shoaldb.protocol.http.json.DorisJson;
import org.junit.jupiter.api.Test;

class JsonRenderingTest {
    @Test
    void normalLoadInDorisOrderAndLayout() {
        var result = new StreamLoadResult(1003, "l1", "", false, false, "Success", null, "OK", 10, 9, 1, 0, 120, 35,
                1, 2, 3, 4, 5, 6, "http://h:8040/api/_load_error_log?file=__shard_0/e", "bad row");
        assertThat(DorisJson.streamLoad(result)).isEqualTo("""
                {
                    "TxnId": 1003,
                    "Label": "l1",
                    "Comment": "",
                    "TwoPhaseCommit": "false",
                    "Status": "Success",
                    "Message": "OK",
                    "NumberTotalRows": 10,
                    "NumberLoadedRows": 9,
                    "NumberFilteredRows": 1,
                    "NumberUnselectedRows": 0,
                    "LoadBytes": 120,
                    "LoadTimeMs": 35,
                    "BeginTxnTimeMs": 1,
                    "StreamLoadPutTimeMs": 2,
                    "ReadDataTimeMs": 3,
                    "WriteDataTimeMs": 4,
                    "ReceiveDataTimeMs": 5,
                    "CommitAndPublishTimeMs": 6,
                    "ErrorURL": "http://h:8040/api/_load_error_log?file=__shard_0/e",
                    "FirstErrorMsg": "bad row"
                }
                """);
    }

    @Test
    void groupCommitHasABooleanAndNoTxnTimes() {
        var result = new StreamLoadResult(7009, "group_commit_c84d2099208436ab_96e33fda01eddba8", "c", true, false,
                "Success", null, "OK", 1, 1, 0, 0, 4, 35, -1, 0, 0, 0, 0, -1, null, null);
        String json = DorisJson.streamLoad(result);
        assertThat(json).contains("\"GroupCommit\": true,").doesNotContain("TwoPhaseCommit")
                .doesNotContain("BeginTxnTimeMs").doesNotContain("CommitAndPublishTimeMs").doesNotContain("ErrorURL");
        assertThat(Json.object(json).keySet()).containsExactly("TxnId", "Label", "Comment", "GroupCommit", "Status",
                "Message", "NumberTotalRows", "NumberLoadedRows", "NumberFilteredRows", "NumberUnselectedRows",
                "LoadBytes", "LoadTimeMs", "StreamLoadPutTimeMs", "ReadDataTimeMs", "WriteDataTimeMs",
                "ReceiveDataTimeMs");
    }

    @Test
    void existingJobStatusFollowsStatusAndTextIsEscaped() {
        var result = new StreamLoadResult(5, "l\"1", "", false, true, "Label Already Exists", "FINISHED",
                "Label [l\"1] has already been used.\n", 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, null, null);
        var json = Json.object(DorisJson.streamLoad(result));
        assertThat(json.keySet()).containsSubsequence("Status", "ExistingJobStatus", "Message");
        assertThat(json).containsEntry("ExistingJobStatus", "FINISHED").containsEntry("Label", "l\"1")
                .containsEntry("TwoPhaseCommit", "true");
    }
}
