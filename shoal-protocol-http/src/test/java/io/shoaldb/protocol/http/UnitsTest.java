package io.shoaldb.protocol.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpMethod;
import io.shoaldb.protocol.http.body.BodyStream;
import io.shoaldb.protocol.http.body.FlowControl;
import io.shoaldb.protocol.http.route.Route;
import io.shoaldb.protocol.http.route.Router;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnitsTest {
    static final class RecordingFlow implements FlowControl {
        final List<String> calls = new ArrayList<>();

        @Override
        public void pause() {
            calls.add("pause");
        }

        @Override
        public void resume() {
            calls.add("resume");
        }
    }

    @Test
    void bodyStreamPausesAtHighWaterAndResumesBelowLowWater() throws IOException {
        RecordingFlow flow = new RecordingFlow();
        BodyStream body = new BodyStream(flow, 10, 4);
        body.offer(Unpooled.wrappedBuffer(new byte[6]));
        assertThat(flow.calls).isEmpty();
        body.offer(Unpooled.wrappedBuffer(new byte[6]));
        assertThat(flow.calls).containsExactly("pause");
        assertThat(body.read(new byte[6])).isEqualTo(6);
        assertThat(flow.calls).containsExactly("pause");
        assertThat(body.read(new byte[3])).isEqualTo(3);
        assertThat(flow.calls).containsExactly("pause", "resume");
        body.finish();
        assertThat(body.read(new byte[10])).isEqualTo(3);
        assertThat(body.read()).isEqualTo(-1);
        assertThat(body.bytesRead()).isEqualTo(12);
    }

    @Test
    void bodyStreamReleasesEveryBufferOnCloseFailureAndLateOffers() {
        BodyStream body = new BodyStream(new RecordingFlow(), 100, 10);
        ByteBuf queued = Unpooled.buffer().writeBytes(new byte[5]);
        body.offer(queued);
        body.close();
        assertThat(queued.refCnt()).isZero();
        ByteBuf late = Unpooled.buffer().writeBytes(new byte[5]);
        body.offer(late);
        assertThat(late.refCnt()).isZero();

        BodyStream failing = new BodyStream(new RecordingFlow(), 100, 10);
        ByteBuf pending = Unpooled.buffer().writeBytes(new byte[5]);
        failing.offer(pending);
        failing.fail(new IOException("client gone"));
        assertThat(pending.refCnt()).isZero();
        assertThatThrownBy(() -> failing.read(new byte[4])).isInstanceOf(IOException.class).hasMessage("client gone");
    }

    @Test
    void routerDecodesNamesOnceAndRejectsTricks() {
        var matched = (Router.Matched) Router.route(HttpMethod.PUT, "/api/d%25b/t%2541/_stream_load?x=1");
        assertThat(matched.match().route()).isEqualTo(Route.STREAM_LOAD);
        assertThat(matched.match().database()).isEqualTo("d%b");
        assertThat(matched.match().table()).isEqualTo("t%41"); // decoded once: %2541 -> %41, not A
        assertThat(matched.match().param("x")).isEqualTo("1");
        assertThat(Router.route(HttpMethod.PUT, "/api/db/_stream_load_2pc")).isInstanceOf(Router.Matched.class);
        assertThat(Router.route(HttpMethod.PUT, "/api/db/t/_stream_load/")).isInstanceOf(Router.Failed.class);
        assertThat(Router.route(HttpMethod.PUT, "/api//t/_stream_load")).isInstanceOfSatisfying(Router.Failed.class,
                f -> assertThat(f.error().httpStatus()).isEqualTo(400));
        assertThat(Router.route(HttpMethod.PUT, "/api/db/.%2e/_stream_load")).isInstanceOfSatisfying(
                Router.Failed.class, f -> assertThat(f.error().httpStatus()).isEqualTo(400));
        assertThat(Router.route(HttpMethod.PUT, "/api/db/bad%zz/_stream_load")).isInstanceOfSatisfying(
                Router.Failed.class, f -> assertThat(f.error().message()).isEqualTo("Incorrect table name 'bad%zz'"));
        assertThat(Router.route(HttpMethod.POST, "/metrics")).isInstanceOfSatisfying(Router.Failed.class,
                f -> assertThat(f.error().httpStatus()).isEqualTo(405));
    }
}
