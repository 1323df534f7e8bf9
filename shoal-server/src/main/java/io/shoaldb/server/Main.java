package io.shoaldb.server;

import ch.qos.logback.classic.LoggerContext;
import io.shoaldb.common.config.ConfigException;
import io.shoaldb.common.config.ShoalConfig;
import io.shoaldb.server.config.ServerConfigKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@code shoal [--conf FILE] [--key=value ...]}: runs the server in the foreground until SIGTERM/SIGINT
 * (clean shutdown). Settings come from the config file, then from {@code --key=value} options, which win.
 */
@Command(name = "shoal", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "Runs a ShoalDB server. Any config key can be given as --key=value.")
public final class Main implements Callable<Integer> {
    static final Path DEFAULT_CONF = Path.of("conf", "shoal.conf");
    static final String LOG_DIR_PROPERTY = "shoal.log.dir";

    @Option(names = "--conf", paramLabel = "FILE", description = "config file (default: conf/shoal.conf if present)")
    private Path conf;

    @Unmatched
    private List<String> settings = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        ShoalConfig config;
        try {
            config = ShoalConfig.of(ServerConfigKeys.all(), settings());
        } catch (ConfigException e) {
            System.err.println("shoal: " + e.getMessage());
            return 2;
        }
        // Logback reads the log directory from this property, so it is set before the first logger exists.
        System.setProperty(LOG_DIR_PROPERTY, Path.of(config.get(ServerConfigKeys.SYS_LOG_DIR)).toAbsolutePath().toString());
        Logger log = LoggerFactory.getLogger(Main.class);
        ShoalServer server;
        try {
            server = ShoalServer.start(config);
        } catch (Exception e) {
            log.error("ShoalDB failed to start: {}", e.getMessage(), e);
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception e) {
                log.error("error during shutdown", e);
            } finally {
                // Drains the asynchronous audit appender, so the last statements' lines reach the file.
                if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logging) {
                    logging.stop();
                }
                stopped.countDown();
            }
        }, "shoal-shutdown"));
        stopped.await();
        return 0;
    }

    private Map<String, String> settings() {
        Map<String, String> merged = new LinkedHashMap<>();
        Path file = conf != null ? conf : (Files.exists(DEFAULT_CONF) ? DEFAULT_CONF : null);
        if (file != null) {
            merged.putAll(ShoalConfig.readFile(file));
        }
        for (String setting : settings) {
            if (!setting.startsWith("--") || setting.indexOf('=') < 3) {
                throw new ConfigException("expected --key=value, got '" + setting + "'");
            }
            int eq = setting.indexOf('=');
            merged.put(setting.substring(2, eq), setting.substring(eq + 1));
        }
        return merged;
    }

    /** Prints the build's version for {@code --version}. */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"ShoalDB " + Version.product()};
        }
    }
}
