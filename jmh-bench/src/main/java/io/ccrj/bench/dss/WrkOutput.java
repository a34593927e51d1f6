package io.ccrj.bench.dss;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one {@code wrk --latency} run printed, read from its text: the rate, the latency
 * percentiles, and whether every answer was a success.
 *
 * @param requestsPerSecond {@code Requests/sec}
 * @param requests the requests completed
 * @param p50Micros the median latency, µs
 * @param p99Micros the 99th percentile, µs
 * @param failedAnswers answers that were not 2xx or 3xx ({@code Non-2xx or 3xx responses})
 * @param socketErrors connect, read, write errors and timeouts together ({@code Socket errors})
 */
public record WrkOutput(double requestsPerSecond, long requests, double p50Micros, double p99Micros, long failedAnswers,
                        long socketErrors) {
    private static final Pattern RATE = Pattern.compile("(?m)^Requests/sec:\\s+([0-9.]+)\\s*$");
    private static final Pattern REQUESTS = Pattern.compile("(?m)^\\s*([0-9]+) requests in ");
    private static final Pattern NON_2XX = Pattern.compile("(?m)^\\s*Non-2xx or 3xx responses:\\s+([0-9]+)");
    private static final Pattern SOCKET_ERRORS = Pattern.compile(
            "(?m)^\\s*Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+)");
    private static final String DURATION = "([0-9.]+)(us|ms|s|m)";

    /** @return whether every request got a success and no socket failed */
    public boolean clean() {
        return failedAnswers == 0 && socketErrors == 0;
    }

    /**
     * Reads wrk's text.
     *
     * @param text what {@code wrk --latency} printed
     * @return its figures
     * @throws IllegalArgumentException naming what is missing (a run that failed prints no rate)
     */
    public static WrkOutput parse(String text) {
        double rate = Double.parseDouble(required(RATE, text, "Requests/sec").group(1));
        long requests = Long.parseLong(required(REQUESTS, text, "the requests count").group(1));
        double p50 = micros(required(percentile("50"), text, "the 50% latency"));
        double p99 = micros(required(percentile("99"), text, "the 99% latency (run wrk with --latency)"));
        Matcher non2xx = NON_2XX.matcher(text);
        long failed = non2xx.find() ? Long.parseLong(non2xx.group(1)) : 0;
        Matcher errors = SOCKET_ERRORS.matcher(text);
        long socketErrors = 0;
        if (errors.find()) {
            for (int g = 1; g <= 4; g++) {
                socketErrors += Long.parseLong(errors.group(g));
            }
        }
        return new WrkOutput(rate, requests, p50, p99, failed, socketErrors);
    }

    private static Pattern percentile(String p) {
        return Pattern.compile("(?m)^\\s*" + p + "%\\s+" + DURATION + "\\s*$");
    }

    private static Matcher required(Pattern p, String text, String what) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            String first = text.strip().lines().findFirst().orElse("(nothing)");
            throw new IllegalArgumentException("wrk printed no " + what + " (its output began: " + first + ")");
        }
        return m;
    }

    private static double micros(Matcher m) {
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "us" -> v;
            case "ms" -> v * 1e3;
            case "s" -> v * 1e6;
            case "m" -> v * 60e6;
            default -> throw new IllegalArgumentException("unknown unit " + m.group(2));
        };
    }
}
