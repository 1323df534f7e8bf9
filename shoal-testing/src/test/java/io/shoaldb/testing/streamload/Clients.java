package io.shoaldb.testing.streamload;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Real clients: the curl binary and java.net.http, plus a flat parse of Doris's reply JSON. */
final class Clients {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private Clients() {
    }

    /** Runs curl with these arguments in {@code dir}; returns its stdout (the reply body). */
    static String curl(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("curl", "-sS"));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("curl did not finish");
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** curl -T of {@code body} written to a file, with {@code -H} headers; the reply parsed. */
    static Map<String, Object> curlLoad(Path dir, String url, String body, String... headers) {
        try {
            Path file = Files.createTempFile(dir, "load", ".dat");
            Files.writeString(file, body);
            List<String> args = new ArrayList<>(List.of("--location-trusted", "-u", "root:", "-T", file.toString()));
            for (String h : headers) {
                args.add("-H");
                args.add(h);
            }
            args.add(url);
            return json(curl(dir, args.toArray(String[]::new)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A PUT with java.net.http as root; headers as "name:value". */
    static HttpResponse<String> put(String url, HttpRequest.BodyPublisher body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).PUT(body).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes()))
                .expectContinue(true);
        for (String h : headers) {
            int colon = h.indexOf(':');
            b.header(h.substring(0, colon).strip(), h.substring(colon + 1).strip());
        }
        try {
            return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Map<String, Object> load(String url, byte[] body, String... headers) {
        return json(put(url, HttpRequest.BodyPublishers.ofByteArray(body), headers).body());
    }

    static Map<String, Object> load(String url, String body, String... headers) {
        return load(url, body.getBytes(StandardCharsets.UTF_8), headers);
    }

    static String get(String url) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).GET()
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("root:".getBytes())).build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The top-level scalar fields of a JSON object (numbers as Long, booleans, strings). */
    static Map<String, Object> json(String text) {
        Map<String, Object> out = new LinkedHashMap<>();
        try (JsonParser p = new JsonFactory().createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("not a JSON object: " + text);
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                out.put(name, switch (t) {
                    case VALUE_NUMBER_INT -> p.getLongValue();
                    case VALUE_TRUE -> true;
                    case VALUE_FALSE -> false;
                    case VALUE_NULL -> null;
                    case START_OBJECT, START_ARRAY -> {
                        p.skipChildren();
                        yield "<nested>";
                    }
                    default -> p.getText();
                });
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + text, e);
        }
        return out;
    }
}
