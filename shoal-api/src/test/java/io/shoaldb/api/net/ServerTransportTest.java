package io.shoaldb.api.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ServerTransportTest {

    @Test
    void linuxOnX8664GetsANativeTransport() {
        boolean linuxX86 = System.getProperty("os.name").equals("Linux")
                && System.getProperty("os.arch").equals("amd64");
        assertThat(ServerTransport.EPOLL.isAvailable()).isEqualTo(linuxX86);
        ServerTransport best = ServerTransport.best();
        assertThat(best).isEqualTo(ServerTransport.IO_URING.isAvailable() ? ServerTransport.IO_URING
                : linuxX86 ? ServerTransport.EPOLL : ServerTransport.NIO);
    }

    @Test
    void theRequestedTransportOrTheNextBestOne() {
        assertThat(ServerTransport.requested("")).isEqualTo(ServerTransport.IO_URING);
        assertThat(ServerTransport.requested("auto")).isEqualTo(ServerTransport.IO_URING);
        assertThat(ServerTransport.requested(" EPOLL ")).isEqualTo(ServerTransport.EPOLL);
        assertThat(ServerTransport.requested("nio")).isEqualTo(ServerTransport.NIO);
        assertThatThrownBy(() -> ServerTransport.requested("kqueue")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shoal.net.transport must be auto, io_uring, epoll or nio, not 'kqueue'");
        assertThat(ServerTransport.firstAvailableFrom(ServerTransport.NIO)).isEqualTo(ServerTransport.NIO);
        assertThat(ServerTransport.firstAvailableFrom(ServerTransport.EPOLL))
                .isEqualTo(ServerTransport.EPOLL.isAvailable() ? ServerTransport.EPOLL : ServerTransport.NIO);
    }

    @ParameterizedTest
    @EnumSource
    void eachTransportListensAndCarriesBytesBothWays(ServerTransport transport) throws Exception {
        assumeTrue(transport.isAvailable(), transport + " does not work on this system: the ports use the next one");
        EventLoopGroup acceptors = transport.newEventLoops(1);
        EventLoopGroup workers = transport.newEventLoops(1);
        try {
            Channel server = transport.newBootstrap(acceptors, workers)
                    .childHandler(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ctx.writeAndFlush(msg); // echo
                        }
                    })
                    .bind("127.0.0.1", 0).syncUninterruptibly().channel();
            int port = ((InetSocketAddress) server.localAddress()).getPort();
            try (Socket client = new Socket("127.0.0.1", port)) {
                OutputStream out = client.getOutputStream();
                InputStream in = client.getInputStream();
                byte[] sent = "one round trip".getBytes(StandardCharsets.US_ASCII);
                out.write(sent);
                out.flush();
                assertThat(in.readNBytes(sent.length)).isEqualTo(sent);
            }
            server.close().syncUninterruptibly();
        } finally {
            acceptors.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
