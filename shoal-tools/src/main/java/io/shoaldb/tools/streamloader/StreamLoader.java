package io.shoaldb.tools.streamloader;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code streamloader}: loads files into a ShoalDB (or Doris) table through Stream Load, split into requests of
 * {@code --batch_size} MB on line boundaries and sent by {@code --workers} parallel workers. Exit code 0 when
 * every request succeeded, 1 when any failed, 2 for bad arguments.
 */
@Command(name = "streamloader", mixinStandardHelpOptions = true,
        description = "Parallel Stream Load of files (CSV or JSON lines) into a table.")
public final class StreamLoader implements Callable<Integer> {
    @Option(names = "--source_file", required = true, split = ",",
            description = "files, directories or globs (comma-separated or repeated)")
    List<String> sources;

    @Option(names = "--url", required = true, description = "http://host:port of the server (http_port)")
    String url;

    @Option(names = "--db", required = true)
    String db;

    @Option(names = "--table", required = true)
    String table;

    @Option(names = {"-u", "--user"}, defaultValue = "root")
    String user;

    @Option(names = {"-p", "--password"}, defaultValue = "")
    String password;

    @Option(names = "--header", description = "k:v Stream Load header, repeatable (e.g. column_separator:,)")
    List<String> headers = new ArrayList<>();

    @Option(names = "--workers", defaultValue = "4")
    int workers;

    @Option(names = "--batch_size", defaultValue = "100", description = "MB per request")
    int batchMb;

    @Option(names = "--group_commit", description = "off_mode | sync_mode | async_mode")
    String groupCommit;

    @Option(names = "--max_retries", defaultValue = "3")
    int maxRetries;

    @Option(names = "--retry_backoff_ms", defaultValue = "500")
    long backoffMillis;

    @Option(names = "--label_prefix", description = "labels are <prefix>_<chunk> (normal loads only)")
    String labelPrefix;

    @Option(names = "--no_progress", description = "no progress bar")
    boolean noProgress;

    private final PrintStream out;
    private final PrintStream err;

    public StreamLoader(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new StreamLoader(out, err));
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        return cl.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        if (workers < 1 || batchMb < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--workers and --batch_size must be >= 1");
        }
        Map<String, String> requestHeaders = new LinkedHashMap<>();
        for (String h : headers) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--header needs k:v, got " + h);
            }
            requestHeaders.put(h.substring(0, colon).strip(), h.substring(colon + 1).strip());
        }
        if (groupCommit != null) {
            requestHeaders.put("group_commit", groupCommit);
        }
        String mode = requestHeaders.getOrDefault("group_commit", "off_mode").toLowerCase(Locale.ROOT);
        // no header: the table property may still choose group commit, where a label would turn it off;
        // labels (and so retries of uncertain requests) are used only for explicit off_mode or no mode at all
        boolean gc = !mode.equals("off_mode");
        List<Path> files = SourceFiles.expand(sources);
        long total = 0;
        for (Path f : files) {
            total += Files.size(f);
        }
        String prefix = labelPrefix != null ? labelPrefix : "streamloader_" + System.currentTimeMillis();
        URI uri = URI.create(url.replaceAll("/+$", "") + "/api/" + db + "/" + table + "/_stream_load");
        Progress progress = new Progress(total);
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
        if (!noProgress) {
            ticker.scheduleAtFixedRate(() -> progress.print(err), 1, 1, TimeUnit.SECONDS);
        }
        Chunker.Chunk poison = new Chunker.Chunk(-1, new byte[0], 0);
        BlockingQueue<Chunker.Chunk> queue = new ArrayBlockingQueue<>(workers * 2);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            threads.add(Thread.ofPlatform().name("streamloader-" + w).start(() -> {
                try (LoadClient client = new LoadClient(uri, user, password, requestHeaders, gc, prefix, maxRetries,
                        backoffMillis)) {
                    work(queue, poison, client, progress);
                } catch (IOException e) {
                    err.println("\nclosing a connection: " + e);
                }
            }));
        }
        try {
            Chunker chunker = new Chunker(files, (int) Math.min(Integer.MAX_VALUE - 16, batchMb * 1048576L));
            for (Chunker.Chunk c = chunker.next(); c != null; c = chunker.next()) {
                queue.put(c);
            }
        } finally {
            for (int w = 0; w < workers; w++) {
                queue.put(poison);
            }
            for (Thread t : threads) {
                t.join();
            }
            ticker.shutdownNow();
        }
        if (!noProgress) {
            progress.print(err);
            err.println();
        }
        out.println(progress.summary());
        return progress.failedChunks.get() == 0 ? 0 : 1;
    }

    private void work(BlockingQueue<Chunker.Chunk> queue, Chunker.Chunk poison, LoadClient client, Progress progress) {
        try {
            for (Chunker.Chunk c = queue.take(); c != poison; c = queue.take()) {
                LoadClient.Outcome outcome = client.send(c);
                progress.chunksDone.incrementAndGet();
                progress.bytesDone.addAndGet(c.length());
                progress.rowsLoaded.addAndGet(outcome.loadedRows());
                progress.rowsFiltered.addAndGet(outcome.filteredRows());
                if (!outcome.ok()) {
                    progress.failedChunks.incrementAndGet();
                    err.println("\nrequest " + c.index() + " failed: " + outcome.message());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
