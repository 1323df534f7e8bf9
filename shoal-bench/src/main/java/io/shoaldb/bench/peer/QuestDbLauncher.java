package io.shoaldb.bench.peer;

import io.questdb.ServerMain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs QuestDB (org.questdb:questdb, the same {@code io.questdb.ServerMain} its own launcher runs) as a peer for
 * the bulk-load benchmark ({@code bench/stream-load.sh}), in a process of its own so that its CPU time is measured
 * apart from the load client's.
 *
 * <p>Usage: {@code QuestDbLauncher <root dir> <http port>}. Writes {@code <root>/conf/server.conf} before starting:
 * HTTP (REST, ILP over HTTP) on 127.0.0.1 at the given port; PG wire, ILP over TCP/UDP, the health ("min") HTTP
 * server and telemetry off, so that nothing else on the machine is touched; {@code cairo.commit.mode=sync} so that
 * a commit is flushed to disk before it is acknowledged, as the other systems in the comparison do.
 * Extra {@code key=value} arguments are appended to server.conf.
 */
public final class QuestDbLauncher {
    private QuestDbLauncher() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: QuestDbLauncher <root dir> <http port> [key=value ...]");
            System.exit(2);
        }
        Path root = Path.of(args[0]).toAbsolutePath();
        int port = Integer.parseInt(args[1]);
        Files.createDirectories(root.resolve("conf"));
        List<String> conf = new java.util.ArrayList<>(List.of(
                "http.net.bind.to=127.0.0.1:" + port,
                "http.min.enabled=false",
                "pg.enabled=false",
                "line.tcp.enabled=false",
                "line.udp.enabled=false",
                "telemetry.enabled=false",
                "cairo.commit.mode=sync"));
        conf.addAll(List.of(args).subList(2, args.length));
        Files.write(root.resolve("conf/server.conf"), conf, StandardCharsets.UTF_8);
        ServerMain.main(new String[] {"-d", root.toString()});
    }
}
