package io.shoaldb.bench.tpc;

import java.util.HashMap;
import java.util.Map;

/** The {@code --name value} arguments of the TPC benchmark programs. */
final class CommandLineOptions {
    private CommandLineOptions() {
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("usage: --name value ...; got " + String.join(" ", args));
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }
}
