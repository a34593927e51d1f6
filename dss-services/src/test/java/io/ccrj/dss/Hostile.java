package io.ccrj.dss;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Inputs a hostile or careless client sends, drawn from a seeded {@link Random} (the seed is
 * printed; rerun one with {@code -Dhostile.seed=N}), and the checks every answer must pass. Shared
 * by {@link HostileClientTest} (one property per group) and {@link HostileSoakTest}.
 */
final class Hostile {
    /** The run's seed. */
    static final long SEED = Long.getLong("hostile.seed", System.nanoTime());
    /** Cases tried, by group, for the closing table. */
    static final Map<String, AtomicInteger> CASES = new ConcurrentHashMap<>();
    private static final Pattern JAVA_NAMES = Pattern.compile(
            "\\b(java|javax|jdk|sun|com\\.fasterxml|io\\.netty|io\\.ccrj)\\.[a-z]+\\.|[A-Z][A-Za-z]*(Exception|Error)\\b");
    /** Byte sequences that are not UTF-8: invalid bytes, overlong forms, encoded surrogates, truncations. */
    static final List<byte[]> BAD_UTF8 = List.of(
            new byte[] {(byte) 0xff}, new byte[] {(byte) 0xfe}, new byte[] {(byte) 0x80},
            new byte[] {(byte) 0xc0, (byte) 0xaf}, new byte[] {(byte) 0xc1, (byte) 0xbf},
            new byte[] {(byte) 0xe0, (byte) 0x80, (byte) 0xaf}, new byte[] {(byte) 0xf0, (byte) 0x80, (byte) 0x80, (byte) 0xaf},
            new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, new byte[] {(byte) 0xed, (byte) 0xbf, (byte) 0xbf},
            new byte[] {(byte) 0xe2, (byte) 0x82}, new byte[] {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            new byte[] {(byte) 0xc3});

    private Hostile() {
    }

    static Random random(String property) {
        System.out.println("hostile " + property + ": seed " + SEED + " (rerun with -Dhostile.seed=" + SEED + ")");
        return new Random(SEED ^ property.hashCode());
    }

    static void tried(String group) {
        CASES.computeIfAbsent(group, g -> new AtomicInteger()).incrementAndGet();
    }

    /** Every error answer: JSON {error, message}, in the client's terms. */
    static void assertErrorBody(RawHttp.Res r) {
        assertThat(r.header("Content-Type")).as("error %d %s", r.status(), r.body()).isEqualTo("application/json");
        assertThat(r.json().path("error").isTextual()).as(r.body()).isTrue();
        String message = r.json().path("message").asText();
        assertThat(message).as("error body %s", r.body()).isNotBlank();
        assertThat(JAVA_NAMES.matcher(message).find()).as("a Java name in the error message: %s", message).isFalse();
    }

    /** Nested arrays and objects, {@code depth} levels, around a scalar. */
    static String nested(Random rnd, int depth) {
        StringBuilder open = new StringBuilder(depth * 6);
        StringBuilder close = new StringBuilder(depth * 2);
        for (int i = 0; i < depth; i++) {
            if (rnd.nextBoolean()) {
                open.append('[');
                close.append(']');
            } else {
                open.append("{\"n\":");
                close.append('}');
            }
        }
        return open + "1" + close.reverse();
    }

    /** A small random JSON value. */
    static String value(Random rnd, int budget) {
        return switch (rnd.nextInt(budget <= 0 ? 4 : 7)) {
            case 0 -> Integer.toString(rnd.nextInt());
            case 1 -> "\"" + word(rnd, 1 + rnd.nextInt(12)) + "\"";
            case 2 -> rnd.nextBoolean() ? "true" : "null";
            case 3 -> Double.toString(rnd.nextGaussian() * 1e6);
            case 4 -> "[" + value(rnd, budget - 1) + "," + value(rnd, budget - 1) + "]";
            case 5 -> "{\"" + word(rnd, 3) + "\":" + value(rnd, budget - 1) + "}";
            default -> "\"\\u00e9\\u4e2d\\ud83d\\ude00" + word(rnd, 2) + "\"";
        };
    }

    static String word(Random rnd, int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append((char) ('a' + rnd.nextInt(26)));
        }
        return sb.toString();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A request with a body of raw bytes. */
    static byte[] request(String method, String path, String contentType, byte[] body, String... headers) {
        StringBuilder sb = new StringBuilder();
        sb.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        for (String h : headers) {
            sb.append(h).append("\r\n");
        }
        if (contentType != null) {
            sb.append("Content-Type: ").append(contentType).append("\r\n");
        }
        sb.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        return concat(sb.toString().getBytes(StandardCharsets.UTF_8), body);
    }

    static long etag(int port, String service) throws IOException {
        RawHttp.Res r = RawHttp.once(port, "GET", "/services/" + service, null, null);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return Long.parseLong(r.header("ETag").replace("\"", ""));
    }

    /** The process's memory, descriptors and threads, after a full GC. */
    record Footprint(long liveHeapBytes, long rssBytes, long fds, int threads) {
        static Footprint now() throws InterruptedException {
            for (int i = 0; i < 3; i++) {
                System.gc();
                Thread.sleep(50);
            }
            Runtime rt = Runtime.getRuntime();
            long heap = rt.totalMemory() - rt.freeMemory(); // just after a full GC: the live heap
            long rss = 0;
            long fds = 0;
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                    if (line.startsWith("VmRSS:")) {
                        rss = Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                    }
                }
                try (var s = Files.list(Path.of("/proc/self/fd"))) {
                    fds = s.count();
                }
            } catch (IOException | RuntimeException e) {
                // not Linux: the heap and threads still count
            }
            return new Footprint(heap, rss, fds, Thread.activeCount());
        }

        @Override
        public String toString() {
            return String.format("live heap %.1f MiB, RSS %.1f MiB, %d fds, %d threads",
                    liveHeapBytes / 1048576.0, rssBytes / 1048576.0, fds, threads);
        }
    }
}
